/**
 * Cloud Recording's value tables, each with the docs-portal page it follows:
 * OpenAPI `content/openapi/cloud-recording/cloud-recording.en.yaml` (schemas), the status codes page
 * `api-reference/api-ref/cloud-recording/status-codes.mdx`, `reference/common-errors.mdx`,
 * `reference/region-vendor.mdx`, `process-recorded-files/manage-files.mdx` and the notification
 * list `build/handle-events/receive-notifications.mdx`.
 */

export const RECORDING_ROOT = '/v1/apps/';
export const MODES = ['individual', 'mix', 'web'] as const;
export type RecordingMode = (typeof MODES)[number];

// region-vendor.mdx: the region codes of each vendor (Amazon S3 has no 17 and no 23)
const range = (from: number, to: number, skip: number[] = []): number[] =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((n) => !skip.includes(n));
export const VENDOR_REGIONS: Readonly<Record<number, readonly number[]>> = {
	1: range(0, 25, [17, 23]),
	2: range(0, 27),
	3: range(0, 19),
	5: [0],
	6: [0],
	7: range(0, 15),
	8: range(1, 7),
	11: [0],
};
/** storageConfig.stsToken: "supported only for Amazon S3 (1), Alibaba Cloud (2), and Tencent Cloud (3)". */
export const STS_VENDORS = [1, 2, 3];
/** Amazon S3's region names by code (region-vendor.mdx), for the upload's SigV4 scope. */
export const S3_REGION_NAMES: readonly string[] = [
	'us-east-1',
	'us-east-2',
	'us-west-1',
	'us-west-2',
	'eu-west-1',
	'eu-west-2',
	'eu-west-3',
	'eu-central-1',
	'ap-southeast-1',
	'ap-southeast-2',
	'ap-northeast-1',
	'ap-northeast-2',
	'sa-east-1',
	'ca-central-1',
	'ap-south-1',
	'cn-north-1',
	'cn-northwest-1',
	'',
	'af-south-1',
	'ap-east-1',
	'ap-northeast-3',
	'eu-north-1',
	'me-south-1',
	'',
	'ap-southeast-3',
	'eu-south-1',
];

// common-errors.mdx code 1013: "less than 64 bytes", letters, digits, space and these marks
export const CNAME_MAX_BYTES = 63;
export const CNAME_CHARS_RE = /^[a-zA-Z0-9 !#$%&()+\-:;<=.>?@[\]^_{}|~,]+$/;
// OpenAPI acquire-request cname: in web page recording "cannot exceed 1024 bytes"
export const WEB_CNAME_MAX_BYTES = 1024;
// OpenAPI uid: "In the range from 1 to (2³²−1)", "an integer value enclosed in quotes"
export const UID_MAX = 4294967295;
// OpenAPI storageConfig.fileNamePrefix: a-z, A-Z, 0-9; 128 characters with the slashes
export const PREFIX_PART_RE = /^[a-zA-Z0-9]+$/;
export const PREFIX_MAX_CHARS = 128;

// OpenAPI ranges
export const RESOURCE_EXPIRED_HOUR = { min: 1, max: 720, default: 72 } as const;
export const MAX_IDLE_TIME = { min: 5, max: 2592000, default: 30 } as const;
export const CAPTURE_INTERVAL = { min: 5, max: 3600 } as const;
export const MAX_RECORDING_HOUR = { min: 1, max: 720 } as const;
export const VIDEO_FPS = { min: 5, max: 60 } as const;
export const MAX_VIDEO_DURATION = { min: 30, max: 240 } as const;
export const READY_TIMEOUT = { min: 0, max: 60 } as const;
export const UID_LIST_MAX = 32;
export const LAYOUT_MAX_ITEMS = 17;
export const MAX_PIXELS = 1920 * 1080;
export const SUBSCRIBE_UID_GROUP = { min: 0, max: 5 } as const;
export const DECRYPTION_MODE = { min: 0, max: 8 } as const;
export const STREAM_MODES = ['default', 'standard', 'original'] as const;
export const ACQUIRE_REGIONS = ['CN', 'AP', 'EU', 'NA'] as const;
export const WEB_SERVICES = ['web_recorder_service', 'rtmp_publish_service'] as const;
export const SSE_MODES = ['kms', 'aes256'] as const;

// OpenAPI acquire: "The resource ID is valid for five minutes"
export const RESOURCE_TTL_MS = 5 * 60 * 1000;
// integration-best-practices.mdx "Check the limits": "The initial QPS limit is 10 per App ID"
export const QPS_PER_APP_ID = 10;
// manage-files.mdx: audio slices of 15 s
export const SLICE_S = 15;

// OpenAPI query-serverResponse.status
export const STATUS = {
	initialized: 1,
	allReady: 4,
	inProgress: 5,
	stopRequested: 6,
	allStopped: 7,
	exited: 8,
	abnormal: 20,
} as const;

// receive-notifications.mdx, "Event types": eventType -> serviceType
export const SERVICE_TYPE = { service: 0, recorder: 1, uploader: 2, web: 6 } as const;
export const EVENT = {
	error: 1,
	warning: 2,
	statusUpdate: 3,
	fileInfos: 4,
	sessionExit: 11,
	sessionFailover: 12,
	uploaderStarted: 30,
	uploaded: 31,
	backuped: 32,
	uploadingProgress: 33,
	recorderStarted: 40,
	recorderLeave: 41,
	sliceStart: 42,
	audioStreamState: 43,
	webRecorderStarted: 70,
	webRecorderStopped: 71,
} as const;
// recorder_leave leaveCode bits
export const LEAVE_CODE = { init: 0, noUsers: 4, clientLeave: 16 } as const;

// status-codes.mdx: the answers of each documented failure
export const ERR = {
	invalidParam: 2,
	alreadyStarted: 7,
	headers: 8,
	invalidOperation: 49,
	taskConflict: 53,
	notCompleted: 65,
	invalidChannel: 401,
	noRecordedData: 435,
	resourceMismatch: 432,
	resourceExpired: 433,
	unparsedResource: 1001,
	sidMismatch: 1003,
} as const;
