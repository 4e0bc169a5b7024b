/** GET /api/plans for the build: the published pricing plans in their order. */
import type { ListResponse } from '../../shared/types.ts';
import type { Plan } from '../../shared/plans.ts';
import { api } from './client.ts';

export const fetchPlans = async (): Promise<Plan[]> => (await api<ListResponse<Plan>>('/api/plans')).results;
