import { kwClientId } from '@vitrin/contracts';
import { describe, expect, test } from 'vitest';
import { newPanelClientId, PANEL_CLIENT_ID_KEY, panelClientId } from './panel-client-id';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

describe('the panel’s kwClientId', () => {
  test('a new id is 22 symbols of [A-Za-z0-9_-], valid for the contract', () => {
    const id = newPanelClientId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(kwClientId.safeParse(id).success).toBe(true);
    expect(newPanelClientId()).not.toBe(id);
  });

  test('every byte value maps to a symbol (low six bits)', () => {
    const bytes = new Uint8Array(22).map((_, i) => i * 12 + 3);
    expect(newPanelClientId(() => bytes)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newPanelClientId(() => new Uint8Array(22).fill(255))).toBe('_'.repeat(22));
  });

  test('is kept in local storage under kwClientId and reused', () => {
    const storage = memoryStorage();
    const id = panelClientId(() => storage);
    expect(storage.items.get(PANEL_CLIENT_ID_KEY)).toBe(id);
    expect(PANEL_CLIENT_ID_KEY).toBe('kwClientId');
    expect(panelClientId(() => storage)).toBe(id);
  });

  test('a stored value not in the format is replaced', () => {
    const storage = memoryStorage({ [PANEL_CLIENT_ID_KEY]: 'short' });
    const id = panelClientId(() => storage);
    expect(id).not.toBe('short');
    expect(kwClientId.safeParse(id).success).toBe(true);
  });

  test('where storage throws, one id is kept in memory', () => {
    const blocked = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const id = panelClientId(blocked);
    expect(kwClientId.safeParse(id).success).toBe(true);
    expect(panelClientId(blocked)).toBe(id);
  });
});
