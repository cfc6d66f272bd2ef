/** Whether a connection to an address may be made; `reason` names the refused range, e.g. "loopback address". */
type AddressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

/**
 * Decides which destination addresses outbound connections may reach: public unicast only, plus the
 * operator's allowed networks (SCAN_ALLOWED_NETWORKS). Adapters: AddressPolicy.
 */
export interface AddressGuard {
  /** Judges one address in text form (IPv4 dotted quad or IPv6). Never throws; a non-address is refused. */
  check(ip: string): AddressVerdict;
}
export const AddressGuard = Symbol('AddressGuard');
