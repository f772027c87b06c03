import { CONTACT_COLUMNS, IMPORT_COLUMNS } from '@outpost/domain/import-rules';

/**
 * A CSV import file of `rows` services, two per account (docs/decisions/053), for the import's
 * tests and bench/admin-import.ts. `tag` (letters and digits) keeps each file's external ids,
 * emails, mobiles and identifiers apart from another's; `start` numbers the first service.
 */
export function importCsv(rows: number, tag = 'T', start = 0): string {
  // The tag as 3 digits of each mobile: files with different tags give different numbers.
  const t = [...tag].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 997, 0);
  // The service rows' columns: no row_type, no contact.
  const columns = IMPORT_COLUMNS.filter((c) => c !== 'row_type' && !CONTACT_COLUMNS.includes(c));
  const lines = [columns.join(',')];
  for (let k = start; k < start + rows; k++) {
    const a = Math.floor(k / 2);
    const satellite = k % 2 === 1;
    lines.push(
      [
        `ACC-${tag}-${a}`,
        `Station ${tag} ${a}`,
        'Ms',
        'Pat',
        `Importer`,
        `holder.${tag.toLowerCase()}.${a}@example.net`,
        `07${String(t).padStart(3, '0')}${String(a).padStart(5, '0')}`,
        '1970-01-31',
        `SVC-${tag}-${k}`,
        satellite ? 'Sky Muster Plus' : 'Fixed Wireless',
        satellite ? '22' : '31',
        `IMP${tag}${String(k).padStart(9, '0')}`,
        `${k} Long Paddock Road`,
        'Tenterfield',
        'NSW',
        '2372',
        satellite ? '' : 'TNT-02',
        satellite ? 'Beam 12' : '',
        '2026-07-01',
        k % 3 === 0 ? 'pending' : 'active',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
