import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DURATION_BUCKETS, HttpMetrics } from './http-metrics';

/** The same answers recorded the way prom-client's own metrics were fed before (issue 38). */
function promClientText() {
  const registry = new Registry();
  const requests = new Counter({
    name: 'outpost_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'outpost_http_errors_total',
    help: 'HTTP answers with a 5xx status, by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'outpost_http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [...DURATION_BUCKETS],
    registers: [registry],
  });
  return {
    registry,
    record(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
      if (status >= 500) errors.inc({ route });
    },
  };
}

const ANSWERS: [string, string, number, number][] = [
  ['GET', '/api/portal/services/', 200, 0.003],
  ['GET', '/api/portal/services/', 200, 0.005], // on a bound: counted in it
  ['GET', '/api/portal/services/', 304, 0.04],
  ['GET', '/api/portal/services/', 503, 7], // past the last bound: +Inf only
  ['POST', '/api/portal/services/', 500, 0.2],
  ['POST', '/api/portal/users/login/', 401, 0.31],
  ['GET', 'unmatched', 404, 0.0004],
];

/** A metric's lines in the text a scrape reads, sorted (the order of series is not part of it). */
function lines(text: string, name: string) {
  return text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .sort();
}

/** ANSWERS recorded by HttpMetrics in a registry of its own, and by prom-client's metrics. */
function recordedBoth() {
  const ours = new HttpMetrics();
  const registry = new Registry();
  ours.register(registry);
  const theirs = promClientText();
  for (const answer of ANSWERS) {
    ours.record(...answer);
    theirs.record(...answer);
  }
  return { registry, theirs };
}

describe('HTTP metrics', () => {
  it('write the series prom-client wrote for the same answers', async () => {
    const { registry, theirs } = recordedBoth();
    const [mine, expected] = [await registry.metrics(), await theirs.registry.metrics()];
    for (const name of [
      '# HELP outpost_http',
      '# TYPE outpost_http',
      'outpost_http_requests_total',
      'outpost_http_errors_total',
      'outpost_http_request_duration_seconds',
    ]) {
      expect(lines(mine, name), name).toEqual(lines(expected, name));
    }
    // What the check above compares, spelt out for one route.
    expect(mine).toContain(
      'outpost_http_requests_total{method="GET",route="/api/portal/services/",status="200"} 2',
    );
    expect(mine).toContain('outpost_http_errors_total{route="/api/portal/services/"} 2');
    expect(mine).toContain(
      'outpost_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/portal/services/"} 2',
    );
    expect(mine).toContain(
      'outpost_http_request_duration_seconds_bucket{le="5",method="GET",route="/api/portal/services/"} 3',
    );
    expect(mine).toContain(
      'outpost_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/portal/services/"} 4',
    );
    expect(mine).toContain(
      'outpost_http_request_duration_seconds_count{method="GET",route="/api/portal/services/"} 4',
    );
  });

  it('read the same as JSON, and start again on reset', async () => {
    const { registry, theirs } = recordedBoth();
    const byName = async (r: Registry) =>
      Object.fromEntries(
        (await r.getMetricsAsJSON()).map((m) => [
          m.name,
          m.values
            .map((v: { metricName?: string; labels: object; value: number }) =>
              JSON.stringify([v.metricName ?? m.name, v.labels, v.value]),
            )
            .sort(),
        ]),
      );
    expect(await byName(registry)).toEqual(await byName(theirs.registry));
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('route=');
  });
});
