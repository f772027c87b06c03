import { parseArgs } from 'node:util';
import { createAdvisoryInput, updateAdvisoryInput } from '@outpost/contracts/advisories';
import { createMessaging } from '../adapters/messaging';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import {
  createAdvisory,
  deliverAdvisoryUpdates,
  updateAdvisory,
} from '../modules/advisories/advisories.service';

/**
 * Network operations' advisories from the command line (docs/decisions/019); the same service
 * and the same input rules as the internal endpoint.
 *
 *   npm run advisory -- create --title "Outage: Longreach tower" --severity High \
 *     --status Investigating --started 2026-11-25T08:00:00+10:00 [--ended ...] \
 *     --message "..." [--postcodes 4730,4731] [--beams SM-B41] [--towers TWR-LRE-01]
 *   npm run advisory -- update 7 [--status Resolved] [--ended ...|--no-end] [--message ...]
 *     [--severity ...] [--note "..."] [--postcodes ...] [--beams ...] [--towers ...]
 *
 * An update reaches the advisory's subscribers (in the portal, email, SMS) once.
 */
const usage =
  'Usage: npm run advisory -- create --title T --severity Low|Medium|High|Critical --status S --started ISO [--ended ISO] --message M [--postcodes a,b] [--beams a,b] [--towers a,b]\n' +
  '       npm run advisory -- update ID [--status S] [--ended ISO | --no-end] [--message M] [--severity V] [--note N] [--postcodes a,b] [--beams a,b] [--towers a,b]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    title: { type: 'string' },
    severity: { type: 'string' },
    status: { type: 'string' },
    started: { type: 'string' },
    ended: { type: 'string' },
    'no-end': { type: 'boolean' },
    message: { type: 'string' },
    note: { type: 'string' },
    postcodes: { type: 'string' },
    beams: { type: 'string' },
    towers: { type: 'string' },
  },
});
const [command, id] = positionals;
const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const areasGiven = values.postcodes ?? values.beams ?? values.towers;
const areas = {
  postcodes: list(values.postcodes),
  beams: list(values.beams),
  towers: list(values.towers),
};

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const input =
  command === 'create'
    ? createAdvisoryInput.safeParse({
        title: values.title,
        severity: values.severity,
        status: values.status,
        started: values.started,
        ended: values.ended,
        message: values.message,
        areas,
      })
    : command === 'update' && id && /^[0-9]+$/.test(id)
      ? updateAdvisoryInput.safeParse({
          status: values.status,
          ended: values['no-end'] ? null : values.ended,
          message: values.message,
          severity: values.severity,
          note: values.note,
          areas: areasGiven === undefined ? undefined : areas,
        })
      : fail(usage);
if (!input.success)
  fail(
    `${input.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n')}\n\n${usage}`,
  );

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
try {
  const now = new Date();
  if (command === 'create') {
    const created = await createAdvisory(database.db, createAdvisoryInput.parse(input.data), now);
    console.log(`advisory ${created.advisoryid} created (${created.status})`);
  } else {
    const result = await updateAdvisory(
      database.db,
      Number(id),
      updateAdvisoryInput.parse(input.data),
      now,
    );
    const sent = await deliverAdvisoryUpdates(
      {
        db: database.db,
        messaging: createMessaging(config, database.db),
        brandName: config.brand.providerName,
        publicUrl: config.publicUrl,
      },
      now,
    );
    console.log(
      `advisory ${result.advisoryid} updated (${result.status}); update ${result.updateid} owed to ${result.subscribers} subscriber(s), ${sent} delivered`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
