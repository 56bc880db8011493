import type { InferResponseType } from 'hono/client';
import type { api } from '../../lib/api-client.ts';

export type BatchPreview = InferResponseType<(typeof api.rewards.batches)[':id']['$get']>;
export type Batch = BatchPreview['batch'];

export type BatchPage = InferResponseType<typeof api.rewards.batches.$get>;
export type BatchListItem = BatchPage['batches'][number];
