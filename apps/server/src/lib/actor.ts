/**
 * Who acts, as a service sees it: the signed-in person and the client address the request came
 * from (the audit row keeps it). Routes build it from the request; services know no HTTP.
 */
export interface Actor {
  id: string;
  ipAddress: string | null;
}
