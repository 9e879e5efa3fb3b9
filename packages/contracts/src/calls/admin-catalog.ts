// The staff console's catalog calls (issue 8): `/api/admin/...`; see admin.ts for what they share.
export {};
