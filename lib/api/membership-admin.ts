/**
 * Client calls of the federation admin's membership types and promo codes (issue 26; the routes
 * of lib/server/api/routes/membership-admin.ts under /ll/api/v1/admin), with their TanStack
 * mutations. Bodies are the forms' values as typed (`MembershipTypeForm`, `PromoCodeForm`); the
 * server checks them with the same contract. Failures are `DeskSaveError` (./desk.ts): the API's
 * code (`membership_type_in_use`, `promo_code_exists`, `promo_code_used`, `forbidden` …) and the
 * field issues of a 400.
 */
import { useMutation } from '@tanstack/react-query';
import type { MembershipTypeForm, PromoCodeForm } from '@/lib/contracts/membership-admin';
import { api } from './client';
import { toDeskError, type DeskSaveError } from './desk';

const JSON_HEADERS = { headers: { 'Content-Type': 'application/json' } };

/** A new membership type of `organizationId`, or type `id`, saved; resolves to its id. @throws DeskSaveError */
export async function saveMembershipType(call: { id: number; input: MembershipTypeForm } | { id: null; organizationId: number; input: MembershipTypeForm }): Promise<number> {
  try {
    if (call.id === null) return (await api.post<{ id: number }>(`/admin/organizations/${call.organizationId}/membership-types`, call.input, JSON_HEADERS)).data.id;
    await api.put(`/admin/membership-types/${call.id}`, call.input, JSON_HEADERS);
    return call.id;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** Membership type `id` deleted. @throws DeskSaveError (`membership_type_in_use` …) */
export async function deleteMembershipType(id: number): Promise<void> {
  try {
    await api.delete(`/admin/membership-types/${id}`);
  } catch (err) {
    throw toDeskError(err);
  }
}

/** A new promo code, or code `id`, saved; resolves to its id. @throws DeskSaveError */
export async function savePromoCode(call: { id: number | null; input: PromoCodeForm }): Promise<number> {
  try {
    if (call.id === null) return (await api.post<{ id: number }>('/admin/promo-codes', call.input, JSON_HEADERS)).data.id;
    await api.put(`/admin/promo-codes/${call.id}`, call.input, JSON_HEADERS);
    return call.id;
  } catch (err) {
    throw toDeskError(err);
  }
}

/** The membership type form's save (no retry). */
export function useSaveMembershipType() {
  return useMutation<number, DeskSaveError, Parameters<typeof saveMembershipType>[0]>({ mutationFn: saveMembershipType, retry: false });
}

/** A membership type's delete (no retry). */
export function useDeleteMembershipType() {
  return useMutation<void, DeskSaveError, number>({ mutationFn: deleteMembershipType, retry: false });
}

/** The promo code form's save (no retry). */
export function useSavePromoCode() {
  return useMutation<number, DeskSaveError, Parameters<typeof savePromoCode>[0]>({ mutationFn: savePromoCode, retry: false });
}
