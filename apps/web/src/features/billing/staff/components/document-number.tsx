/**
 * A document number as printed, `S1405-000123`: Latin, read left to right inside a Persian line
 * (the PDF and the tax system's records write it so, and staff type it that way to search). It
 * never breaks at its hyphen: the halves would read in the wrong order.
 */
export function DocumentNumber({ number }: { number: string }) {
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {number}
    </bdi>
  );
}
