// Types of check-engines.mjs for its test (the script runs as plain Node).
export const SUPPORTED_NODE_LINES: string[];
export interface ProductionPackage {
  name: string;
  version: string;
  dir: string;
  node: string | undefined;
}
export function productionPackages(root: string): {
  packages: ProductionPackage[];
  missing: string[];
};
export function engineProblems(
  root: string,
  lines?: string[],
): { problems: string[]; checked: number };
