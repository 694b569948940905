import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

import {
	regionField,
	STORAGE_CREDENTIAL_TYPE,
	STORAGE_VENDORS,
} from '../nodes/shared/recordingStorage';

/** The region dropdown of each vendor that has a region list (Agora's codes are mapped by the node). */
const regionProperties: INodeProperties[] = STORAGE_VENDORS.filter((v) => v.regions).map(
	(vendor) => ({
		displayName: 'Region',
		name: regionField(vendor.key),
		type: 'options',
		options: (vendor.regions ?? []).map(([name, code]) => ({
			name: `${name} (${code})`,
			value: name,
		})),
		default: vendor.regions?.[0]?.[0] ?? '',
		description:
			'Region of the bucket. Agora asks for the region nearest to where the recording runs, for upload speed.',
		displayOptions: { show: { vendor: [vendor.key] } },
	}),
);

/**
 * Where Agora Cloud Recording uploads its files: the vendor, region, bucket and keys Agora's start
 * request carries in storageConfig. Kept as a credential so that no storage key sits in a workflow.
 */
export class AgoraRecordingStorageApi implements ICredentialType {
	name = STORAGE_CREDENTIAL_TYPE;

	displayName = 'Agora Recording Storage API';

	icon: Icon = { light: 'file:../icons/agora.svg', dark: 'file:../icons/agora.dark.svg' };

	documentationUrl =
		'https://github.com/n8n-nodes-agora/n8n-nodes-agora/blob/main/docs/recording.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Vendor',
			name: 'vendor',
			type: 'options',
			options: STORAGE_VENDORS.map((v) => ({ name: v.name, value: v.key })),
			default: 'amazonS3',
			description: 'Cloud storage Agora uploads the recorded files to',
		},
		...regionProperties,
		{
			displayName: 'Endpoint',
			name: 'endpoint',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. storage.example.net',
			description:
				'Domain name of the S3-compatible storage (storageConfig.extensionParams.endpoint)',
			displayOptions: { show: { vendor: ['s3Compatible'] } },
		},
		{
			displayName: 'Bucket',
			name: 'bucket',
			type: 'string',
			required: true,
			default: '',
			description: 'Bucket name, following the naming rules of the vendor',
		},
		{
			displayName: 'Access Key',
			name: 'accessKey',
			type: 'string',
			required: true,
			default: '',
			description: 'Access key of the storage account (for Microsoft Azure: the account name)',
		},
		{
			displayName: 'Secret Key',
			name: 'secretKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
		},
		{
			displayName: 'STS Token',
			name: 'stsToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Temporary security token of the vendor’s STS, when the keys above are temporary ones. Agora takes it for Amazon S3, Alibaba Cloud and Tencent Cloud only.',
			displayOptions: { show: { vendor: ['amazonS3', 'alibabaCloud', 'tencentCloud'] } },
		},
		{
			displayName: 'STS Token Expiration',
			name: 'stsExpiration',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			description:
				'Unix time in seconds when the STS token expires (0: not sent). Agora asks for tokens valid at least 4 hours, refreshed with Cloud Recording › Update every hour of a longer recording.',
			displayOptions: { show: { vendor: ['amazonS3', 'alibabaCloud', 'tencentCloud'] } },
		},
		{
			displayName: 'Default File Name Prefix',
			name: 'fileNamePrefix',
			type: 'string',
			default: '',
			placeholder: 'e.g. recordings/calls',
			description:
				'Folders the files go into, separated by /. Each folder only a-z, A-Z and 0-9; at most 128 characters in all. A prefix set in the node wins.',
		},
	];
}
