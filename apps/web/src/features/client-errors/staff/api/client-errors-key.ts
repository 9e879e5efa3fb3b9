/** The root of every query of the error reports, per staff member. */
export function clientErrorsKey(staffId: string) {
  return ['admin', staffId, 'client-errors'] as const;
}
