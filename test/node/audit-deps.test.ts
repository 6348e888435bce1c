/**
 * Issue 25 item 13: `npm run audit:deps` (scripts/audit-deps.ts) reads every package of the
 * lockfile, asks the advisory sources in turn and never calls "not checked" a pass; the demo
 * storefront's runtime packages are listed in demo/package.json, as locked.
 *
 * The sources are exercised against a real loopback server answering OSV's batch format (the real
 * OSV API is not reachable from the test machines).
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { audit, lockedPackages, osvSource, type AdvisorySource } from '../../scripts/audit-deps.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };

describe('audit:deps', () => {
  test('reads every locked package, runtime and development', () => {
    const all = lockedPackages(lock);
    assert.ok(all.length > 100, `${all.length} packages`);
    const lit = all.find((p) => p.name === 'lit');
    assert.equal(lit?.dev, false, 'a runtime dependency');
    assert.equal(all.find((p) => p.name === 'fastify')?.dev, true, 'a development dependency');
    assert.ok(all.some((p) => p.name.startsWith('@')), 'scoped names');
    const runtime = lockedPackages(lock, { omitDev: true });
    assert.ok(runtime.some((p) => p.name === 'lit') && !runtime.some((p) => p.name === 'fastify'));
  });

  test('no source answering is "unverified", never a pass', async () => {
    const down: AdvisorySource = { name: 'down', check: async () => null };
    const throws: AdvisorySource = { name: 'throws', check: async () => Promise.reject(new Error('ENOTFOUND')) };
    assert.deepEqual(await audit(lockedPackages(lock), [down, throws]), { verdict: 'unverified', tried: ['down', 'throws'] });
  });

  test('OSV batch answers: advisories are reported per package; the first source that answers decides', async () => {
    const bodies: { queries: { package: { ecosystem: string; name: string }; version: string }[] }[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(text) as (typeof bodies)[number];
        bodies.push(body);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ results: body.queries.map((q) => (q.package.name === 'fastify' ? { vulns: [{ id: 'GHSA-test-0001' }] } : {})) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/querybatch`;
      const packages = lockedPackages(lock);
      const down: AdvisorySource = { name: 'down', check: async () => null };
      const outcome = await audit(packages, [down, osvSource(fetch, endpoint)]);
      assert.equal(outcome.verdict, 'vulnerable');
      assert.equal(outcome.source, 'OSV (api.osv.dev)');
      assert.deepEqual(outcome.findings, [{ name: 'fastify', version: lock.packages['node_modules/fastify']?.version, advisories: ['GHSA-test-0001'] }]);
      assert.equal(bodies.flatMap((b) => b.queries).length, packages.length, 'every package asked once');
      assert.ok(bodies.every((b) => b.queries.length <= 1000 && b.queries.every((q) => q.package.ecosystem === 'npm')));
    } finally {
      server.close();
    }
  });
});

describe("the storefront's runtime packages (demo/package.json)", () => {
  test('every package demo/server imports is listed, at the locked version', () => {
    const demo = JSON.parse(readFileSync(join(ROOT, 'demo', 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const dir = join(ROOT, 'demo', 'server');
    const imported = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => /\.(ts|mjs)$/.test(f))) {
      for (const [, spec] of readFileSync(join(dir, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)) {
        if (!spec || spec.startsWith('node:')) continue;
        const parts = spec.split('/');
        imported.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
      }
    }
    assert.ok(imported.has('fastify') && imported.has('tsx'), [...imported].join(', '));
    for (const name of imported) {
      assert.equal(demo.dependencies?.[name], lock.packages[`node_modules/${name}`]?.version, `${name} in demo/package.json at the locked version`);
    }
  });
});
