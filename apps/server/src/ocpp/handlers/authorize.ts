import { authorizeIdTag, type IdTagStatus } from '../../modules/charges/charge-start.service.ts';
import type { OcppHandler } from '../context.ts';

/** OCPP 1.6 Authorize.req. */
export interface AuthorizeRequest {
  idTag: string;
}

export interface IdTagInfo {
  status: IdTagStatus;
}

/** The driver's id tag: Accepted for an active tag of an unblocked driver whose balance covers the minimum; Blocked or Invalid otherwise. */
export const authorize: OcppHandler<AuthorizeRequest, { idTagInfo: IdTagInfo }> = async (ctx, _station, request) => {
  const { idTagStatus } = await authorizeIdTag(ctx.db, request.idTag, { minimumBalanceTyiyn: ctx.minimumBalanceTyiyn });
  return { idTagInfo: { status: idTagStatus } };
};
