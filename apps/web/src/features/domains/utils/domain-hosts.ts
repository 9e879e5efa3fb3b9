// The child nameservers' form (issue 38): a host is typed as its label under the domain, and
// its addresses one to a box; the boxes left empty are not sent, so the server's problem with
// the n-th address sent belongs to the box it came from.

/** `ns1` for `ns1.sara-blog.com` under `sara-blog.com`; the whole name when not under it. */
export function hostLabel(host: string, domainAscii: string): string {
  const suffix = `.${domainAscii}`;
  return host.endsWith(suffix) ? host.slice(0, -suffix.length) : host;
}

/** The boxes a dialog opens with: the addresses on file, or one empty box. */
export function addressBoxes(addresses: readonly string[]): string[] {
  return addresses.length > 0 ? [...addresses] : [''];
}

/** The addresses to send (the filled boxes, trimmed), and for each the box it came from. */
export function sentAddresses(boxes: readonly string[]): {
  addresses: string[];
  boxOf: number[];
} {
  const addresses: string[] = [];
  const boxOf: number[] = [];
  boxes.forEach((box, index) => {
    if (box.trim() === '') return;
    addresses.push(box.trim());
    boxOf.push(index);
  });
  return { addresses, boxOf };
}

/** The server's field for the address in `box`, given what was sent: `addresses.<n>`. */
export function addressField(boxOf: readonly number[], box: number): string | null {
  const sent = boxOf.indexOf(box);
  return sent < 0 ? null : `addresses.${sent}`;
}
