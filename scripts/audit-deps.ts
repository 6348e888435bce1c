/**
 * `npm run audit:deps`: checks every package of `package-lock.json` against published security
 * advisories (not part of `npm test`: it needs the network).
 *
 * Sources, in order, the first that answers wins:
 * 1. `npm audit --json` (the registry's advisory endpoint);
 * 2. OSV (`POST https://api.osv.dev/v1/querybatch`, the npm ecosystem), which also covers GitHub's
 *    advisories.
 *
 * Exit status: 0 no known advisory; 1 advisories found (listed); 2 not verified: no source
 * answered (offline, or a registry mirror without the advisory endpoint). 2 is never a pass: do the
 * manual check in README.md "Dependency audit" instead.
 *
 * `--omit=dev` checks only the packages a consumer of the library installs; the default checks all
 * of them, since the demo storefront runs from development packages (demo/package.json lists them).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** One installed package of the lockfile. */
export interface LockedPackage {
  name: string;
  version: string;
  /** Only needed for development (`"dev": true` in the lockfile). */
  dev: boolean;
}

/** One advisory affecting an installed package. */
export interface Finding {
  name: string;
  version: string;
  /** Advisory ids (GHSA-…, CVE-…) or titles. */
  advisories: string[];
}

/** What a source answers: its findings, or null when it could not be reached or refused. */
export interface AdvisorySource {
  name: string;
  check(packages: readonly LockedPackage[]): Promise<Finding[] | null>;
}

export type AuditOutcome = { verdict: 'clean' | 'vulnerable'; source: string; findings: Finding[] } | { verdict: 'unverified'; tried: string[] };

/** The installed packages of an npm lockfile (v2/v3 `packages`), one entry per name@version. */
export function lockedPackages(lock: unknown, { omitDev = false } = {}): LockedPackage[] {
  const packages = (lock as { packages?: Record<string, { version?: string; dev?: boolean; link?: boolean; name?: string }> })?.packages;
  if (!packages || typeof packages !== 'object') throw new Error('package-lock.json has no "packages" (lockfile v2 or v3 needed)');
  const seen = new Map<string, LockedPackage>();
  for (const [path, entry] of Object.entries(packages)) {
    if (path === '' || entry.link || typeof entry.version !== 'string') continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const dev = entry.dev === true;
    if (omitDev && dev) continue;
    const key = `${name}@${entry.version}`;
    const known = seen.get(key);
    if (known) known.dev &&= dev;
    else seen.set(key, { name, version: entry.version, dev });
  }
  return [...seen.values()];
}

/** Asks each source in turn; the first that answers decides. */
export async function audit(packages: readonly LockedPackage[], sources: readonly AdvisorySource[]): Promise<AuditOutcome> {
  const tried: string[] = [];
  for (const source of sources) {
    const findings = await source.check(packages).catch(() => null);
    if (findings === null) {
      tried.push(source.name);
      continue;
    }
    return { verdict: findings.length > 0 ? 'vulnerable' : 'clean', source: source.name, findings };
  }
  return { verdict: 'unverified', tried };
}

/** `npm audit --json` in the repository (the registry's bulk advisory endpoint). */
export function npmAuditSource(cwd: string, omitDev: boolean): AdvisorySource {
  return {
    name: 'npm audit (registry advisories)',
    check: () =>
      new Promise((resolve) => {
        const args = ['audit', '--json', ...(omitDev ? ['--omit=dev'] : [])];
        execFile('npm', args, { cwd, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 }, (_error, stdout) => {
          // npm audit exits 1 when it finds advisories: read the report, not the exit code.
          let report: { error?: unknown; vulnerabilities?: Record<string, { name: string; range?: string; via?: unknown[] }> };
          try {
            report = JSON.parse(stdout) as typeof report;
          } catch {
            resolve(null);
            return;
          }
          if (report.error || !report.vulnerabilities) {
            resolve(null);
            return;
          }
          resolve(
            Object.values(report.vulnerabilities).map((v) => ({
              name: v.name,
              version: v.range ?? '',
              advisories: (v.via ?? []).map((via) => (typeof via === 'string' ? `via ${via}` : String((via as { url?: string; title?: string }).url ?? (via as { title?: string }).title))),
            })),
          );
        });
      }),
  };
}

/** OSV's batch query API for the npm ecosystem. */
export function osvSource(fetchFn: typeof fetch = fetch, endpoint = 'https://api.osv.dev/v1/querybatch'): AdvisorySource {
  return {
    name: 'OSV (api.osv.dev)',
    async check(packages) {
      const findings: Finding[] = [];
      for (let i = 0; i < packages.length; i += 1000) {
        const chunk = packages.slice(i, i + 1000);
        const res = await fetchFn(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ queries: chunk.map((p) => ({ package: { ecosystem: 'npm', name: p.name }, version: p.version })) }),
          signal: AbortSignal.timeout(60_000),
        });
        if (!res.ok) return null;
        const { results } = (await res.json()) as { results?: { vulns?: { id: string }[] }[] };
        if (!Array.isArray(results) || results.length !== chunk.length) return null;
        results.forEach((r, j) => {
          const p = chunk[j] as LockedPackage;
          if (r.vulns && r.vulns.length > 0) findings.push({ name: p.name, version: p.version, advisories: r.vulns.map((v) => v.id) });
        });
      }
      return findings;
    },
  };
}

async function main(): Promise<number> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const omitDev = process.argv.includes('--omit=dev');
  const packages = lockedPackages(JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')), { omitDev });
  console.log(`Checking ${packages.length} packages of package-lock.json${omitDev ? ' (runtime only)' : ''}…`);
  const outcome = await audit(packages, [npmAuditSource(root, omitDev), osvSource()]);
  if (outcome.verdict === 'unverified') {
    console.error(
      `NOT VERIFIED: no advisory source answered (tried: ${outcome.tried.join('; ')}).\n` +
        'Run `npm run audit:deps` on a machine that reaches the npm advisory endpoint or api.osv.dev,\n' +
        'or do the manual check described in README.md "Dependency audit".',
    );
    return 2;
  }
  if (outcome.verdict === 'clean') {
    console.log(`No known advisories (${outcome.source}).`);
    return 0;
  }
  console.error(`${outcome.findings.length} package(s) with advisories (${outcome.source}):`);
  for (const f of outcome.findings) console.error(`  ${f.name}@${f.version}: ${f.advisories.join(', ')}`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
