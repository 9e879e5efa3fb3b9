import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { NameCheck, RegistrarDriver } from './registrar-driver';
import { sandboxRegistryNames } from './sandbox-schema';

// The built-in sandbox registry (issue 38): `npm start`'s default, needing no account anywhere.
// Its book of names is a table of its own; a name in the book is taken, any other is free, as a
// registry's check answers (RFC 5731 §3.1.1).

export class SandboxRegistrar implements RegistrarDriver {
  readonly kind = 'sandbox';

  constructor(private readonly db: Database) {}

  async check(names: readonly string[]): Promise<NameCheck[]> {
    if (names.length === 0) return [];
    const taken = await this.db
      .select({ name: sandboxRegistryNames.name })
      .from(sandboxRegistryNames)
      .where(inArray(sandboxRegistryNames.name, [...names]));
    const inBook = new Set(taken.map((row) => row.name));
    return names.map((name) =>
      inBook.has(name)
        ? { name, available: false, reason: 'In use' }
        : { name, available: true, reason: null },
    );
  }
}
