import type { OcppHandler } from '../context.ts';

/** OCPP 1.6 DataTransfer.req. */
export interface DataTransferRequest {
  vendorId: string;
  messageId?: string;
  data?: string;
}

export interface DataTransferConfirmation {
  status: 'Accepted' | 'Rejected' | 'UnknownMessageId' | 'UnknownVendorId';
}

/**
 * A vendor's own message: Accepted for a vendor the settings name (OCPP_DATA_TRANSFER_VENDORS,
 * compared ignoring case, as OCPP's CiString), UnknownVendorId for any other. Nothing reads the
 * data yet; the message log keeps it.
 */
export const dataTransfer: OcppHandler<DataTransferRequest, DataTransferConfirmation> = async (
  ctx,
  station,
  request,
) => {
  const known = (ctx.dataTransferVendors ?? []).includes(request.vendorId.toLowerCase());
  ctx.log.info(
    { identity: station.identity, vendorId: request.vendorId, messageId: request.messageId, known },
    'OCPP DataTransfer',
  );
  return { status: known ? 'Accepted' : 'UnknownVendorId' };
};
