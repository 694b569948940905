/**
 * Rules of the Cloud Recording requests, from Agora's Cloud Recording OpenAPI file (acquire, start,
 * update, updateLayout, stop), its common-errors page (channel names) and its storage regions page.
 * Issue paths are Agora's own (`clientRequest.recordingConfig.maxIdleTime`, `cname`, `uid`).
 */
import type { z } from 'zod';

import { CHANNEL_NAME_CHARS, CHANNEL_NAME_CHARS_TEXT, UID_MAX } from '../../shared/agoraFacts';
import { STORAGE_VENDORS } from '../../shared/recordingStorage';
import { utf8Bytes } from '../../shared/values';
import {
	closedShape,
	decimal,
	flag,
	integer,
	isGiven,
	list,
	nonEmptyText,
	oneOf,
	rule,
	shape,
	text,
	withRules,
	type Report,
} from './rules';

const RECORDING_MODES = ['individual', 'mix', 'web'] as const;
export type RecordingMode = (typeof RECORDING_MODES)[number];

export const MAX_IDLE_TIME = { min: 5, max: 2592000 } as const;
export const CAPTURE_INTERVAL = { min: 5, max: 3600 } as const;
export const RESOURCE_EXPIRED_HOUR = { min: 1, max: 720 } as const;
/** Subscription lists hold at most 32 UIDs; a custom layout at most 17 windows. */
const UID_LIST_MAX = 32;
const LAYOUT_MAX = 17;
const PREFIX_MAX = 128;
/** width × height of a mixed or web recording may not exceed 1920 × 1080. */
const MAX_PIXELS = 1920 * 1080;
const ALL_STREAMS = '#allstream#';

const unknownFields = (where: string) => (unknown: string[]) =>
	`has fields ${where} does not take: ${unknown.join(', ')}`;

/** In web mode cname only names the recording and may hold 1024 bytes; otherwise it is the channel. */
function cnameCheck(maxBytes: number) {
	return rule<string>((v) => {
		if (v === undefined) return 'is required';
		if (typeof v !== 'string') return 'must be a string';
		if (v === '') return 'is required and must not be empty';
		if (utf8Bytes(v) > maxBytes) return `must be at most ${maxBytes} bytes`;
		return CHANNEL_NAME_CHARS.test(v) ? undefined : `may only contain ${CHANNEL_NAME_CHARS_TEXT}`;
	});
}

/** A UID as Agora's recording API writes it: a string holding an integer from 1 to 2^32-1. */
const recorderUid = rule<string>((v) => {
	if (v === undefined) return 'is required';
	const message = `must be a whole number from 1 to ${UID_MAX}, written as a string`;
	if (typeof v !== 'string' || !/^\d+$/.test(v)) return message;
	const n = Number(v);
	return n >= 1 && n <= UID_MAX ? undefined : message;
});

const uidList = list(
	rule<string>((v) => {
		if (v === ALL_STREAMS) return undefined;
		return typeof v === 'string' && /^\d+$/.test(v) && Number(v) <= UID_MAX
			? undefined
			: `must hold UIDs written as strings (0 to ${UID_MAX}) or "${ALL_STREAMS}"`;
	}),
	{ max: UID_LIST_MAX, message: 'must be an array of UIDs written as strings' },
);

const PREFIX_PART = /^[a-zA-Z0-9]+$/;
const fileNamePrefix = rule<string[]>((v) => {
	if (!Array.isArray(v) || !v.every((part) => typeof part === 'string'))
		return 'must be a list of folder names';
	if (!v.every((part) => PREFIX_PART.test(part)))
		return 'may only contain a-z, A-Z and 0-9 in each folder name (folders separated by /)';
	const length = v.join('/').length + 1;
	return length > PREFIX_MAX
		? `must be at most ${PREFIX_MAX} characters in all, slashes included`
		: undefined;
});

const VENDOR_CODES = STORAGE_VENDORS.map((v) => v.code);
const STS_VENDORS = STORAGE_VENDORS.filter((v) => v.sts).map((v) => v.code);

export const storageConfigSchema = withRules(
	shape({
		vendor: oneOf(
			VENDOR_CODES,
			`must be one of Agora's storage vendors: ${VENDOR_CODES.join(', ')}`,
		),
		region: integer(0),
		bucket: nonEmptyText(),
		accessKey: nonEmptyText(),
		secretKey: nonEmptyText(),
		stsToken: text().optional(),
		stsExpiration: integer(0).optional(),
		fileNamePrefix: fileNamePrefix.optional(),
		extensionParams: shape({ endpoint: text().optional() }).optional(),
	}),
	(s, report) => {
		const vendor = STORAGE_VENDORS.find((v) => v.code === s.vendor);
		if (vendor?.regions && !vendor.regions.some(([, code]) => code === s.region))
			report(['region'], `is not one of the ${vendor.name} regions Agora lists`);
		if (!vendor?.regions && s.region !== 0) report(['region'], `must be 0 for ${vendor?.name}`);
		if (s.stsToken !== undefined && !STS_VENDORS.includes(s.vendor))
			report(['stsToken'], 'is taken only by Amazon S3, Alibaba Cloud and Tencent Cloud');
		if (s.vendor === 11 && !s.extensionParams?.endpoint)
			report(['extensionParams', 'endpoint'], 'is required for S3-compatible storage (vendor 11)');
	},
);

const avFileType = rule<string[]>((v) => {
	const message = 'must be ["hls"] or ["hls", "mp4"] (["mp4"] alone is refused by Agora)';
	if (!Array.isArray(v) || v.some((t) => t !== 'hls' && t !== 'mp4')) return message;
	const set = new Set(v);
	return set.has('hls') && set.size === v.length ? undefined : message;
});

/** Both of a subscribe/unsubscribe pair may not be given. */
function exclusive(value: Record<string, unknown>, pairs: Array<[string, string]>, report: Report) {
	for (const [a, b] of pairs)
		if (isGiven(value[a]) && isGiven(value[b])) report([b], `cannot be given together with ${a}`);
}

const recordingConfigSchema = withRules(
	shape({
		channelType: oneOf([0, 1] as const, 'must be 0 (communication) or 1 (live broadcasting)'),
		decryptionMode: integer(0, 8).optional(),
		secret: text().optional(),
		salt: text().optional(),
		maxIdleTime: integer(MAX_IDLE_TIME.min, MAX_IDLE_TIME.max).optional(),
		streamTypes: oneOf([0, 1, 2] as const, 'must be 0 (audio), 1 (video) or 2 (both)').optional(),
		videoStreamType: oneOf([0, 1] as const).optional(),
		subscribeAudioUids: uidList.optional(),
		unsubscribeAudioUids: uidList.optional(),
		subscribeVideoUids: uidList.optional(),
		unsubscribeVideoUids: uidList.optional(),
		subscribeUidGroup: integer(0, 5).optional(),
		streamMode: oneOf(['default', 'standard', 'original'] as const).optional(),
		audioProfile: integer(0, 2).optional(),
		transcodingConfig: shape({}).optional(),
	}),
	(c, report) => {
		exclusive(
			c,
			[
				['subscribeAudioUids', 'unsubscribeAudioUids'],
				['subscribeVideoUids', 'unsubscribeVideoUids'],
			],
			report,
		);
		if (c.decryptionMode && !c.secret)
			report(['secret'], 'is required when decryptionMode is not 0');
		if ((c.decryptionMode === 7 || c.decryptionMode === 8) && !c.salt)
			report(['salt'], 'is required with decryptionMode 7 or 8');
		if (c.streamMode === 'original' && (c.streamTypes ?? 2) !== 0)
			report(['streamMode'], 'original works only with streamTypes 0 (audio only)');
	},
);

const unit = (name: string) => decimal(0, 1, { message: `must be a number from 0 to 1 (${name})` });
const backgroundColor = rule<string>((v) =>
	typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v)
		? undefined
		: 'must be an RGB colour written #RRGGBB',
);

/** The layout members shared by start's transcodingConfig and updateLayout. */
const layoutMembers = {
	maxResolutionUid: recorderUid.optional(),
	mixedVideoLayout: oneOf(
		[0, 1, 2, 3] as const,
		'must be 0 (floating), 1 (adaptive), 2 (vertical) or 3 (custom)',
	).optional(),
	backgroundColor: backgroundColor.optional(),
	backgroundImage: text().optional(),
	defaultUserBackgroundImage: text().optional(),
	layoutConfig: list(
		shape({
			uid: text().optional(),
			x_axis: unit('x_axis'),
			y_axis: unit('y_axis'),
			width: unit('width'),
			height: unit('height'),
			alpha: unit('alpha').optional(),
			render_mode: oneOf([0, 1] as const, 'must be 0 (cropped) or 1 (fit)').optional(),
		}),
		{ max: LAYOUT_MAX },
	).optional(),
	backgroundConfig: list(
		shape({
			uid: nonEmptyText(),
			image_url: nonEmptyText(),
			render_mode: oneOf([0, 1] as const).optional(),
		}),
	).optional(),
};

function layoutRules(l: Record<string, unknown>, report: Report) {
	if (l.mixedVideoLayout === 2 && !isGiven(l.maxResolutionUid))
		report(['maxResolutionUid'], 'is required with the vertical layout (mixedVideoLayout 2)');
	if (isGiven(l.layoutConfig) && l.mixedVideoLayout !== 3)
		report(['layoutConfig'], 'is taken only by the custom layout (mixedVideoLayout 3)');
}

const transcodingConfigSchema = withRules(
	shape({
		width: integer(1).optional(),
		height: integer(1).optional(),
		fps: integer(1).optional(),
		bitrate: integer(1).optional(),
		...layoutMembers,
	}),
	(t, report) => {
		if ((t.width ?? 360) * (t.height ?? 640) > MAX_PIXELS)
			report(['width'], 'times height may not exceed 1920 × 1080');
		layoutRules(t, report);
	},
);

const rtmpUrl = rule<string>((v) =>
	typeof v === 'string' && /^rtmps?:\/\/\S+$/i.test(v)
		? undefined
		: 'must be an rtmp:// or rtmps:// URL',
);
/** Agora pushes at most one CDN stream at a time. */
const rtmpOutputs = list(shape({ rtmpUrl }), { max: 1 });

const webServiceParam = withRules(
	shape({
		url: nonEmptyText(),
		audioProfile: integer(0, 2),
		videoWidth: integer(1),
		videoHeight: integer(1),
		maxRecordingHour: integer(1, 720),
		videoBitrate: integer(1).optional(),
		videoFps: integer(5, 60).optional(),
		mobile: flag().optional(),
		maxVideoDuration: integer(30, 240).optional(),
		onhold: flag().optional(),
		readyTimeout: integer(0, 60).optional(),
		outputs: rtmpOutputs.optional(),
	}),
	(p, report) => {
		if (p.videoWidth * p.videoHeight > MAX_PIXELS)
			report(['videoWidth'], 'times videoHeight may not exceed 1920 × 1080');
	},
);

const extensionServiceConfigSchema = shape({
	errorHandlePolicy: text().optional(),
	extensionServices: list(
		withRules(
			shape({
				serviceName: nonEmptyText(),
				errorHandlePolicy: text().optional(),
				serviceParam: shape({}),
			}),
			(s, report) => {
				if (s.serviceName !== 'web_recorder_service') return;
				const checked = webServiceParam.safeParse(s.serviceParam);
				if (!checked.success) {
					const issue = checked.error.issues[0];
					report(['serviceParam', ...issue.path.map(String)], issue.message);
				}
			},
		),
	),
});

const snapshotConfigSchema = shape({
	captureInterval: integer(CAPTURE_INTERVAL.min, CAPTURE_INTERVAL.max).optional(),
	fileType: rule<string[]>((v) =>
		Array.isArray(v) && v.length === 1 && v[0] === 'jpg' ? undefined : 'must be ["jpg"]',
	),
});

const startClientRequest = shape({
	token: text().optional(),
	storageConfig: storageConfigSchema,
	recordingConfig: recordingConfigSchema.optional(),
	recordingFileConfig: shape({ avFileType: avFileType.optional() }).optional(),
	snapshotConfig: snapshotConfigSchema.optional(),
	extensionServiceConfig: extensionServiceConfigSchema.optional(),
});

/** The rules that join the mode with the members it needs or refuses. */
function modeRules(
	request: { mode: RecordingMode; clientRequest: Record<string, unknown> },
	report: Report,
) {
	const { mode } = request;
	const c = request.clientRequest as {
		recordingConfig?: Record<string, unknown>;
		recordingFileConfig?: unknown;
		snapshotConfig?: unknown;
		extensionServiceConfig?: unknown;
	};
	const at = (...path: string[]) => ['clientRequest', ...path];
	const config = c.recordingConfig;
	if (mode === 'web') {
		if (!isGiven(c.extensionServiceConfig))
			report(at('extensionServiceConfig'), 'is required in web page recording mode (the page URL)');
		if (isGiven(c.snapshotConfig)) report(at('snapshotConfig'), 'is taken only in individual mode');
		return;
	}
	if (!config) {
		report(at('recordingConfig'), `is required in ${mode} mode`);
		return;
	}
	if (mode === 'individual' && !isGiven(config.subscribeUidGroup))
		report(at('recordingConfig', 'subscribeUidGroup'), 'is required in individual mode');
	if (mode !== 'individual' && isGiven(config.streamMode))
		report(at('recordingConfig', 'streamMode'), 'is taken only in individual mode');
	if (mode !== 'mix' && isGiven(config.transcodingConfig))
		report(at('recordingConfig', 'transcodingConfig'), 'is taken only in mix (composite) mode');
	if (mode === 'mix' && isGiven(config.transcodingConfig)) {
		const checked = transcodingConfigSchema.safeParse(config.transcodingConfig);
		if (!checked.success) {
			const issue = checked.error.issues[0];
			report(at('recordingConfig', 'transcodingConfig', ...issue.path.map(String)), issue.message);
		}
	}
	if (isGiven(c.snapshotConfig)) {
		if (mode !== 'individual') report(at('snapshotConfig'), 'is taken only in individual mode');
		else if ((config.streamTypes ?? 2) === 0)
			report(at('recordingConfig', 'streamTypes'), 'must be 1 or 2 when taking snapshots');
		else if (isGiven(config.subscribeAudioUids) && !isGiven(config.subscribeVideoUids))
			report(
				at('recordingConfig', 'subscribeVideoUids'),
				'is required with subscribeAudioUids when taking snapshots',
			);
	} else if (!isGiven(c.recordingFileConfig)) {
		report(at('recordingFileConfig'), 'is required unless the recording takes snapshots only');
	}
}

const modeSchema = oneOf(RECORDING_MODES, 'must be individual, mix or web');

/** Acquire and start as one step: both bodies, and the mode of the start path. */
export const startRecordingRequestSchema = withRules(
	closedShape(
		{
			mode: modeSchema,
			cname: text(),
			uid: recorderUid,
			acquire: shape({
				scene: oneOf([0, 1] as const).optional(),
				resourceExpiredHour: integer(
					RESOURCE_EXPIRED_HOUR.min,
					RESOURCE_EXPIRED_HOUR.max,
				).optional(),
				region: oneOf(['CN', 'AP', 'EU', 'NA'] as const).optional(),
				excludeResourceIds: list(text()).optional(),
			}),
			clientRequest: startClientRequest,
		},
		unknownFields('a start request'),
	),
	(request, report) => {
		const channel = cnameCheck(request.mode === 'web' ? 1024 : 64).safeParse(request.cname);
		if (!channel.success) report(['cname'], channel.error.issues[0].message);
		modeRules(request as never, report);
	},
);

/** What names one running recording in every later request. */
const sessionMembers = {
	resourceId: nonEmptyText(),
	sid: nonEmptyText(),
	mode: modeSchema,
	cname: nonEmptyText(),
	uid: recorderUid,
};

export const queryRecordingRequestSchema = closedShape(
	{ resourceId: nonEmptyText(), sid: nonEmptyText(), mode: modeSchema },
	unknownFields('a query'),
);

export const stopRecordingRequestSchema = closedShape(
	{ ...sessionMembers, clientRequest: shape({ async_stop: flag().optional() }) },
	unknownFields('a stop request'),
);

const updateClientRequest = withRules(
	shape({
		streamSubscribe: shape({
			audioUidList: withRules(
				shape({ subscribeAudioUids: uidList.optional(), unsubscribeAudioUids: uidList.optional() }),
				(l, report) => exclusive(l, [['subscribeAudioUids', 'unsubscribeAudioUids']], report),
			).optional(),
			videoUidList: withRules(
				shape({ subscribeVideoUids: uidList.optional(), unsubscribeVideoUids: uidList.optional() }),
				(l, report) => exclusive(l, [['subscribeVideoUids', 'unsubscribeVideoUids']], report),
			).optional(),
		}).optional(),
		webRecordingConfig: shape({ onhold: flag() }).optional(),
		rtmpPublishConfig: shape({ outputs: rtmpOutputs }).optional(),
		storageConfig: storageConfigSchema.optional(),
	}),
	(c, report) => {
		if (Object.keys(c).length === 0)
			report(
				[],
				'needs something to update: subscriptions, web recording on hold, RTMP outputs or the storage token',
			);
	},
);

export const updateRecordingRequestSchema = withRules(
	closedShape(
		{ ...sessionMembers, clientRequest: updateClientRequest },
		unknownFields('an update request'),
	),
	(r, report) => {
		const c = r.clientRequest as Record<string, unknown>;
		if (r.mode === 'web' && isGiven(c.streamSubscribe))
			report(['clientRequest', 'streamSubscribe'], 'is taken only in individual and mix modes');
		if (r.mode !== 'web' && isGiven(c.webRecordingConfig))
			report(['clientRequest', 'webRecordingConfig'], 'is taken only in web page recording mode');
		if (r.mode !== 'web' && isGiven(c.rtmpPublishConfig))
			report(['clientRequest', 'rtmpPublishConfig'], 'is taken only in web page recording mode');
	},
);

export const updateLayoutRequestSchema = withRules(
	closedShape(
		{ ...sessionMembers, clientRequest: withRules(shape(layoutMembers), layoutRules) },
		unknownFields('an update layout request'),
	),
	(r, report) => {
		if (r.mode !== 'mix') report(['mode'], 'must be mix: only composite recordings have a layout');
	},
);

export type StartRecordingRequest = z.infer<typeof startRecordingRequestSchema>;
