/** The pricing plan admin calls, one function per endpoint. */
import type { AdminPlan, PlanDraft, PlanDraftFields } from '../../../shared/plans.ts';
import type { PlanChanges, PlanValues } from '../../../shared/schemas/plan-admin.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft } from './drafts.ts';

/** What a create or update answers. */
export interface PlanSaved {
  message: string;
  plan: AdminPlan;
}

/** A plan's admin API path, which its draft and history calls hang from. */
export const adminPlanPath = (id: string) => `/api/admin/plans/${encodeURIComponent(id)}`;
const item = adminPlanPath;

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

/** GET /api/admin/plans/{id}/draft: the plan's draft (404 when it has none). */
export const fetchPlanDraft = (id: string) => fetchDraft<PlanDraft>(adminPlanPath(id));

/** PUT /api/admin/plans/{id}/draft (JSON): the form saved as the plan's draft. */
export const savePlanDraft = (id: string, fields: PlanDraftFields) => saveDraft<PlanDraft>(adminPlanPath(id), fields);

/** DELETE /api/admin/plans/{id}/draft. */
export const discardPlanDraft = (id: string) => discardDraft<AdminPlan>(adminPlanPath(id));

/** POST /api/admin/plans/{id}/draft/publish: the draft becomes the live plan. */
export const publishPlanDraft = (id: string) => publishDraft<AdminPlan>(adminPlanPath(id));

/** POST /api/admin/plans/{id}/preview-link: the pricing page as it will look, to share until it expires. */
export const planPreviewLink = (id: string) => createPreviewLink(adminPlanPath(id));
