/** The pricing plan admin calls, one function per endpoint. */
import type { AdminPlan } from '../../../shared/plans.ts';
import type { PlanChanges, PlanValues } from '../../../shared/schemas/plan-admin.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';

/** What a create or update answers. */
export interface PlanSaved {
  message: string;
  plan: AdminPlan;
}

const item = (id: string) => `/api/admin/plans/${encodeURIComponent(id)}`;

/** GET /api/admin/plans: every plan, drafts too, in pricing order. */
export const fetchAdminPlans = async (): Promise<AdminPlan[]> =>
  (await api<ListResponse<AdminPlan>>('/api/admin/plans')).results;

/** POST /api/admin/plans. */
export const createPlan = (values: PlanValues) => api<PlanSaved>('/api/admin/plans', { method: 'POST', body: values });

/** PUT /api/admin/plans/{id}: the whole plan. */
export const updatePlan = (id: string, values: PlanValues) => api<PlanSaved>(item(id), { method: 'PUT', body: values });

/** PATCH /api/admin/plans/{id}: only the sent fields (publish or unpublish). */
export const patchPlan = (id: string, changes: PlanChanges) =>
  api<PlanSaved>(item(id), { method: 'PATCH', body: changes });

/** DELETE /api/admin/plans/{id}. */
export const deletePlan = (id: string) => api<{ message: string }>(item(id), { method: 'DELETE' });
