// The staff console's tickets calls (issue 8): `/api/admin/...`; see admin.ts for what they share.
export {};
