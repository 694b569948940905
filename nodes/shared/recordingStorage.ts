/**
 * Cloud Recording's third-party storage: vendors and regions by name, mapped to the integer codes
 * Agora's "Third-party cloud storage regions" page gives, and the storageConfig a credential makes.
 * Shared by the recording storage credential (its dropdowns) and the Agora node (its requests).
 */
import type { IDataObject } from 'n8n-workflow';

interface StorageVendor {
	/** The value the credential saves. */
	key: string;
	name: string;
	code: number;
	/** Region name -> Agora's code; a vendor without a list has one region, 0. */
	regions?: ReadonlyArray<readonly [string, number]>;
	/** Vendors that take a temporary STS token (storageConfig.stsToken). */
	sts?: boolean;
}

const AWS_REGIONS = [
	['US_EAST_1', 0],
	['US_EAST_2', 1],
	['US_WEST_1', 2],
	['US_WEST_2', 3],
	['EU_WEST_1', 4],
	['EU_WEST_2', 5],
	['EU_WEST_3', 6],
	['EU_CENTRAL_1', 7],
	['AP_SOUTHEAST_1', 8],
	['AP_SOUTHEAST_2', 9],
	['AP_NORTHEAST_1', 10],
	['AP_NORTHEAST_2', 11],
	['SA_EAST_1', 12],
	['CA_CENTRAL_1', 13],
	['AP_SOUTH_1', 14],
	['CN_NORTH_1', 15],
	['CN_NORTHWEST_1', 16],
	['AF_SOUTH_1', 18],
	['AP_EAST_1', 19],
	['AP_NORTHEAST_3', 20],
	['EU_NORTH_1', 21],
	['ME_SOUTH_1', 22],
	['AP_SOUTHEAST_3', 24],
	['EU_SOUTH_1', 25],
] as const;

const numbered = (names: string[], first = 0) =>
	names.map((name, index) => [name, index + first] as const);

const ALIBABA_REGIONS = numbered([
	'CN_Hangzhou',
	'CN_Shanghai',
	'CN_Qingdao',
	'CN_Beijing',
	'CN_Zhangjiakou',
	'CN_Huhehaote',
	'CN_Shenzhen',
	'CN_Hongkong',
	'US_West_1',
	'US_East_1',
	'AP_Southeast_1',
	'AP_Southeast_2',
	'AP_Southeast_3',
	'AP_Southeast_5',
	'AP_Northeast_1',
	'AP_South_1',
	'EU_Central_1',
	'EU_West_1',
	'EU_East_1',
	'AP_Southeast_6',
	'CN_Heyuan',
	'CN_Guangzhou',
	'CN_Chengdu',
	'CN_Nanjing',
	'CN_Fuzhou',
	'CN_Wulanchabu',
	'CN_Northeast_2',
	'CN_Southeast_7',
]);

const TENCENT_REGIONS = numbered([
	'AP_Beijing_1',
	'AP_Beijing',
	'AP_Shanghai',
	'AP_Guangzhou',
	'AP_Chengdu',
	'AP_Chongqing',
	'AP_Shenzhen_FSI',
	'AP_Shanghai_FSI',
	'AP_Beijing_FSI',
	'AP_Hongkong',
	'AP_Singapore',
	'AP_Mumbai',
	'AP_Seoul',
	'AP_Bangkok',
	'AP_Tokyo',
	'NA_Siliconvalley',
	'NA_Ashburn',
	'NA_Toronto',
	'EU_Frankfurt',
	'EU_Moscow',
]);

const HUAWEI_REGIONS = numbered([
	'CN_North_1',
	'CN_North_4',
	'CN_East_2',
	'CN_East_3',
	'CN_South_1',
	'CN_Southwest_2',
	'AP_Southeast_1',
	'AP_Southeast_2',
	'AP_Southeast_3',
	'AF_South_1',
	'SA_Argentina_1',
	'SA_Peru_1',
	'NA_Mexico_1',
	'SA_Brazil_1',
	'LA_South_2',
	'SA_Chile_1',
]);

const BAIDU_REGIONS = numbered(
	['Baoding', 'Suzhou', 'Guangzhou', 'Hongkong', 'Singapore', 'Wuhan', 'Shanghai'],
	1,
);

export const STORAGE_VENDORS: readonly StorageVendor[] = [
	{ key: 'amazonS3', name: 'Amazon S3', code: 1, regions: AWS_REGIONS, sts: true },
	{ key: 'alibabaCloud', name: 'Alibaba Cloud OSS', code: 2, regions: ALIBABA_REGIONS, sts: true },
	{ key: 'tencentCloud', name: 'Tencent Cloud COS', code: 3, regions: TENCENT_REGIONS, sts: true },
	{ key: 'microsoftAzure', name: 'Microsoft Azure', code: 5 },
	{ key: 'googleCloud', name: 'Google Cloud Storage', code: 6 },
	{ key: 'huaweiCloud', name: 'Huawei Cloud OBS', code: 7, regions: HUAWEI_REGIONS },
	{ key: 'baiduCloud', name: 'Baidu AI Cloud BOS', code: 8, regions: BAIDU_REGIONS },
	{ key: 's3Compatible', name: 'S3-Compatible Storage', code: 11 },
];

/** The credential field holding the region of a vendor with a region list. */
export const regionField = (vendorKey: string) => `${vendorKey}Region`;

export const STORAGE_CREDENTIAL_TYPE = 'agoraRecordingStorageApi';

/** The storageConfig of a saved credential; a message naming the credential field when it cannot be made. */
export function storageConfigOf(
	credential: IDataObject,
): { config: IDataObject } | { problem: string } {
	const vendor = STORAGE_VENDORS.find((v) => v.key === credential.vendor);
	if (!vendor) return { problem: 'Vendor is not one of the storage vendors Agora lists' };
	let region = 0;
	if (vendor.regions) {
		const chosen = credential[regionField(vendor.key)];
		const found = vendor.regions.find(([name]) => name === chosen);
		if (!found) return { problem: `Region is not one of the ${vendor.name} regions Agora lists` };
		region = found[1];
	}
	const config: IDataObject = {
		vendor: vendor.code,
		region,
		bucket: String(credential.bucket ?? '').trim(),
		accessKey: String(credential.accessKey ?? '').trim(),
		secretKey: String(credential.secretKey ?? ''),
	};
	const sts = String(credential.stsToken ?? '');
	if (sts !== '') {
		config.stsToken = sts;
		const expiration = Number(credential.stsExpiration ?? 0);
		if (expiration > 0) config.stsExpiration = expiration;
	}
	if (vendor.code === 11)
		config.extensionParams = { endpoint: String(credential.endpoint ?? '').trim() };
	return { config };
}

/** "recordings/calls" -> ["recordings", "calls"]: the credential and the form write a prefix as a path. */
export function prefixParts(prefix: unknown): string[] | undefined {
	if (typeof prefix !== 'string' || prefix.trim() === '') return undefined;
	return prefix
		.trim()
		.split('/')
		.filter((part) => part !== '');
}

/**
 * Where a file of the recording can be fetched, for the vendors whose public URL follows from the
 * bucket, region and key alone; undefined for the others (their hosts need more than Agora's codes).
 */
export function fileUrl(config: IDataObject, key: string): string | undefined {
	const bucket = String(config.bucket ?? '');
	const path = key.split('/').map(encodeURIComponent).join('/');
	switch (config.vendor) {
		case 1: {
			const region = AWS_REGIONS.find(([, code]) => code === config.region)?.[0];
			if (!region) return undefined;
			const host = region.toLowerCase().replace(/_/g, '-');
			const domain = host.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
			return `https://${bucket}.s3.${host}.${domain}/${path}`;
		}
		case 5:
			// Azure's accessKey is the storage account name.
			return `https://${String(config.accessKey ?? '')}.blob.core.windows.net/${bucket}/${path}`;
		case 6:
			return `https://storage.googleapis.com/${bucket}/${path}`;
		case 11: {
			const endpoint = String((config.extensionParams as IDataObject | undefined)?.endpoint ?? '');
			if (endpoint === '') return undefined;
			const base = /^https?:\/\//i.test(endpoint) ? endpoint : `https://${endpoint}`;
			return `${base.replace(/\/+$/, '')}/${bucket}/${path}`;
		}
		default:
			return undefined;
	}
}
