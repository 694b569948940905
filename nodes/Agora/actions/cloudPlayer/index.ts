import type { INodeProperties } from 'n8n-workflow';

import type { AgoraOperation } from '../types';

export const cloudPlayerOperations: Record<string, AgoraOperation> = {};

export const cloudPlayerDescription: INodeProperties[] = [];
