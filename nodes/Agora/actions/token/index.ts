import type { INodeProperties } from 'n8n-workflow';

import type { AgoraOperation } from '../types';

export const tokenOperations: Record<string, AgoraOperation> = {};

export const tokenDescription: INodeProperties[] = [];
