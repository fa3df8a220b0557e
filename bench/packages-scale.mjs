#!/usr/bin/env node
// /packages at scale (docs/product.md#catalogue-rules): with 1,000 packages (a bench fixture in its
// own DATA_DIR, not the real seed) the page must render in at most 2x the time it takes with the 2
// seeded packages. Two production servers run side by side on loopback, one per database, and
// autocannon measures them in alternating rounds of the same run.
//
//   npm run bench:packages-scale                  # builds first
//   BUILD_DIR=build node bench/packages-scale.mjs # an existing build
//
// Environment: BUILD_DIR (default build), BENCH_PORT (default 3470; the fixture server uses +1),
// DURATION seconds per round (default 10), ROUNDS (default 2), CONNECTIONS (default 10),
// BENCH_OUT (a file to save the figures as JSON).
// Exits 1 when the budget is missed or a request fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import autocannon from 'autocannon';
import { requireBuild, startServer } from './catalog-server.mjs';

const PORT = Number(process.env.BENCH_PORT || 3470);
const DURATION = Number(process.env.DURATION || 10);
const ROUNDS = Number(process.env.ROUNDS || 2);
const CONNECTIONS = Number(process.env.CONNECTIONS || 10);
const OUT = process.env.BENCH_OUT;
const TOTAL_PACKAGES = 1000;
const BUDGET_RATIO = 2;

/**
 * Fill the fixture database up to 1,000 packages with one INSERT ... SELECT: varied titles,
 * locations, categories (every 10th featured), itineraries and lists like the real ones.
 */
async function addPackages(dataDir, count) {
  const db = await PGlite.create(`${dataDir}/pglite`, { extensions: { pg_trgm, btree_gist } });
  try {
    await db.exec(`
      INSERT INTO tour_packages (title, description, overview, image_url, duration, price, location, category, people,
        highlights, itinerary, inclusions, exclusions, gallery, featured, rating, review_count, tag, discount_label, created_at)
      SELECT
        (ARRAY['Gangtok','Pelling','Lachung','Darjeeling','Zuluk','Yuksom','Ravangla','Namchi','Kalimpong','Mirik'])[1 + n % 10]
          || ' ' || (ARRAY['Explorer','Getaway','Trail','Escape','Circuit','Retreat','Discovery','Heritage Walk'])[1 + n % 8]
          || ' ' || n,
        'A ' || (3 + n % 6) || '-day bench fixture trip through the hills of Sikkim and Darjeeling, number ' || n || '.',
        repeat('Overview text of a generated package for the scale benchmark. ', 12),
        (ARRAY['/images/packages/sikkim-explorer.svg','/images/packages/north-sikkim.svg'])[1 + n % 2],
        (3 + n % 6) || ' Days / ' || (2 + n % 6) || ' Nights',
        CASE WHEN n % 3 = 0 THEN 0 ELSE 8000 + (n % 40) * 750 END,
        (ARRAY['Gangtok','Pelling','Lachung, Lachen','Darjeeling','Zuluk, Silk Route','Yuksom','Ravangla','Namchi','Kalimpong','Mirik'])[1 + n % 10],
        (ARRAY['adventure','cultural','rural','weekend','honeymoon','trekking'])[1 + n % 6],
        '2-12 People',
        ARRAY['Sunrise over Kanchenjunga','Monastery visit with a local guide','Lake at 12,000 ft','Evening on MG Marg'],
        (SELECT jsonb_agg(jsonb_build_object('day', d, 'title', 'Day ' || d || ' of trip ' || n,
            'description', repeat('Drive, sightseeing and rest. ', 8), 'activities', jsonb_build_array('Sightseeing','Local lunch'),
            'meals', 'Breakfast & Dinner', 'stay', 'Hotel'))
          FROM generate_series(1, 3 + n % 6) AS d),
        ARRAY['Accommodation on twin sharing','Breakfast and dinner','Private vehicle','Permits'],
        ARRAY['Flights and trains','Lunch','Personal expenses','GST at 5%'],
        ARRAY['/images/places/tsomgo-lake.svg','/images/places/pelling-kanchenjunga.svg'],
        n % 10 = 0,
        4.0 + (n % 10) / 10.0,
        n % 200,
        CASE WHEN n % 10 = 0 THEN 'Popular' ELSE 'New' END,
        CASE WHEN n % 5 = 0 THEN '10% Off' ELSE NULL END,
        now() - (n || ' minutes')::interval
      FROM generate_series(1, ${count}) AS n;
    `);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM tour_packages');
    await db.exec('ANALYZE tour_packages');
    return rows[0].n;
  } finally {
    await db.close();
  }
}

async function measure(url) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  }
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    mean: result.latency.mean,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
  };
}

function combine(rounds) {
  const sum = (k) => rounds.reduce((s, r) => s + r[k] * r.requests, 0);
  const requests = rounds.reduce((s, r) => s + r.requests, 0);
  return {
    requests,
    rps: rounds.reduce((s, r) => s + r.rps, 0) / rounds.length,
    mean: sum('mean') / requests,
    p50: Math.max(...rounds.map((r) => r.p50)),
    p99: Math.max(...rounds.map((r) => r.p99)),
  };
}

async function main() {
  requireBuild();
  const realDir = mkdtempSync(path.join(tmpdir(), 'packages-scale-real-'));
  const fixtureDir = mkdtempSync(path.join(tmpdir(), 'packages-scale-fixture-'));
  const servers = [];
  try {
    // The fixture: migrate and seed like a first start, stop, then add packages up to 1,000.
    const setup = await startServer({ port: PORT + 1, dataDir: fixtureDir });
    await setup.stop();
    const total = await addPackages(fixtureDir, TOTAL_PACKAGES - 2);
    console.log(`fixture database: ${total} packages in ${fixtureDir}`);

    const real = await startServer({ port: PORT, dataDir: realDir });
    servers.push(real);
    const fixture = await startServer({ port: PORT + 1, dataDir: fixtureDir });
    servers.push(fixture);

    // Sanity: what each server renders.
    for (const [name, server, expected] of [
      ['real', real, '2'],
      ['fixture', fixture, '1,000'],
    ]) {
      const html = (await (await fetch(`${server.url}/packages`)).text()).replaceAll('<!-- -->', '');
      const cards = (html.match(/<article/g) ?? []).length;
      if (!html.includes(`>${expected}</span> packages found`)) throw new Error(`${name}: /packages does not say ${expected} packages found`);
      console.log(`${name.padEnd(8)} /packages: ${cards} cards, ${(html.length / 1024).toFixed(1)} KiB of HTML`);
    }

    const paths = ['/packages', '/packages?q=pelling', '/packages?category=adventure&page=5'];
    for (const p of paths) for (let i = 0; i < 20; i++) await fetch(fixture.url + p); // warm both
    for (let i = 0; i < 20; i++) await fetch(`${real.url}/packages`);

    const rounds = { real: [], fixture: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      rounds.real.push(await measure(`${real.url}/packages`));
      rounds.fixture.push(await measure(`${fixture.url}/packages`));
      console.log(`round ${round}: real ${rounds.real.at(-1).mean.toFixed(2)} ms mean, fixture ${rounds.fixture.at(-1).mean.toFixed(2)} ms mean`);
    }
    const extra = {};
    for (const p of paths.slice(1)) extra[p] = await measure(fixture.url + p);

    const realStats = combine(rounds.real);
    const fixtureStats = combine(rounds.fixture);
    const ratio = fixtureStats.mean / realStats.mean;
    const line = (name, s) =>
      `${name.padEnd(36)} ${s.rps.toFixed(1).padStart(7)} req/s  mean ${s.mean.toFixed(2).padStart(7)} ms  p50 ${String(s.p50).padStart(4)} ms  p99 ${String(s.p99).padStart(4)} ms`;
    console.log(`\nautocannon, ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION} s per server, loopback`);
    console.log(line('/packages, 2 packages (real seed)', realStats));
    console.log(line('/packages, 1,000 packages (fixture)', fixtureStats));
    for (const [p, s] of Object.entries(extra)) console.log(line(`${p} (fixture)`, s));
    console.log(`\nratio (mean latency, 1,000 / 2): ${ratio.toFixed(2)}x, budget <= ${BUDGET_RATIO}x`);

    if (OUT) {
      const figures = {
        date: new Date().toISOString(),
        connections: CONNECTIONS,
        duration: DURATION,
        rounds: ROUNDS,
        real: realStats,
        fixture: fixtureStats,
        extra,
        ratio,
        budget: BUDGET_RATIO,
      };
      writeFileSync(OUT, `${JSON.stringify(figures, null, 2)}\n`);
    }
    if (ratio > BUDGET_RATIO) {
      console.log('BUDGET MISSED');
      process.exitCode = 1;
    } else {
      console.log('budget met');
    }
  } finally {
    for (const s of servers) await s.stop();
    rmSync(realDir, { recursive: true, force: true });
    rmSync(fixtureDir, { recursive: true, force: true });
  }
}

await main();
