import type { Brand } from '@outpost/contracts/brand';
import type { PlanDocumentName, PlanOption } from '@outpost/contracts/services';
import { formatDate, formatMoney } from '@outpost/domain/format';
import { technologyLabel } from '@outpost/domain/phone-format';
import { allowanceLabel, minimumCosts, speedLabel } from '@outpost/domain/services';
import { renderPdf } from '../../lib/pdf';
import type { AnnouncedPrice } from './plan-prices';
import type { PlanRow } from './services.service';

const titles: Record<PlanDocumentName, string> = {
  kfs: 'Key Fact Sheet',
  cis: 'Critical Information Summary',
};

/**
 * A plan's Key Fact Sheet or Critical Information Summary, generated from the plan's data so the
 * document always matches the catalogue: the price in effect when it is issued, and the next
 * announced price with its day. Fixed creation date (the plan data has none) keeps the
 * bytes the same for the same plan.
 */
export function renderPlanDocument(
  plan: PlanRow,
  options: PlanOption[],
  document: PlanDocumentName,
  brand: Brand,
  issued: Date,
  announced: AnnouncedPrice | null = null,
): Promise<Buffer> {
  return renderPdf(
    { title: `${titles[document]}: ${plan.name}`, author: brand.providerName, created: issued },
    (doc) => drawPlanDocument(doc, plan, options, document, brand, issued, announced),
  );
}

function drawPlanDocument(
  doc: PDFKit.PDFDocument,
  plan: PlanRow,
  options: PlanOption[],
  document: PlanDocumentName,
  brand: Brand,
  issued: Date,
  announced: AnnouncedPrice | null,
): void {
  const ref = (document === 'kfs' ? plan.kfsRef : plan.cisRef) ?? '';
  const costs = minimumCosts(plan.priceCents);
  const allowance = allowanceLabel({
    technology: plan.technology,
    peak_quota: plan.peakQuotaMb,
    offpeak_quota: plan.offpeakQuotaMb,
    unlimited: plan.unlimited,
  });
  const speed = speedLabel({
    technology: plan.technology,
    download_speed: plan.downloadKbps,
    upload_speed: plan.uploadKbps,
  });

  doc
    .fontSize(10)
    .fillColor('#555')
    .text(`${brand.providerName} · ${ref} · issued ${formatDate(issued)}`);
  doc.moveDown(0.5);
  doc.fontSize(22).fillColor('#000').text(titles[document]);
  doc.fontSize(16).text(plan.name);
  doc.moveDown();

  const section = (heading: string, lines: string[]) => {
    doc.fontSize(13).fillColor('#000').text(heading, { underline: false });
    doc.fontSize(11).fillColor('#222');
    for (const line of lines) doc.text(line, { indent: 12 });
    doc.moveDown(0.6);
  };

  section('About this plan', [
    `${technologyLabel(plan.technology)} ${plan.technology === 'Landline' || plan.technology === 'VOIP' ? 'phone' : 'broadband'} service.`,
    ...(plan.summary ? [plan.summary] : []),
  ]);
  if (allowance || speed)
    section('Data and speed', [
      ...(allowance ? [`Monthly data allowance: ${allowance}.`] : []),
      ...(speed ? [`Speed: ${speed}. Typical evening speeds are lower at busy times.`] : []),
      ...(plan.unlimited
        ? []
        : [
            'Extra data blocks can be bought in the portal; they expire at the end of the billing period.',
          ]),
    ]);
  section('Pricing', [
    `Monthly charge: ${formatMoney(plan.priceCents)} per 30 day billing period.`,
    // An announced change (decision 055): from which day, and for a service already on the plan
    // from its first billing period starting that day or later.
    ...(announced
      ? [
          `From ${formatDate(announced.effectiveAt)} the monthly charge will be ${formatMoney(announced.priceCents)}: for a service already on this plan, from its first billing period starting on or after that day.`,
        ]
      : []),
    `Minimum cost for a 30 day plan: ${formatMoney(costs.thirtyDay)}.`,
    `Minimum cost over 12 months: ${formatMoney(costs.twelveMonths)}.`,
    `Early termination fee: ${costs.earlyTerminationFee === 0 ? '$0.00' : formatMoney(costs.earlyTerminationFee)} (30 day plan, no lock-in contract).`,
  ]);
  if (options.length > 0)
    section(
      'Optional extras',
      options.map((o) => `${o.name}: ${formatMoney(o.price)} per month. ${o.description}`),
    );
  if (document === 'cis')
    section('Important information', [
      'Your service is billed every 30 days in advance; usage charges and data blocks appear on your next tax invoice.',
      'You may change plans at any time in the portal. Moving to a plan now adds a pro-rata charge or credit to your next invoice.',
      'Satellite and fixed wireless services need a power supply at the premises and do not work in a power outage.',
    ]);
  section('Help and complaints', [
    `Call us on ${brand.helpPhone}.`,
    'If we have not resolved your complaint, you can contact the Telecommunications Industry Ombudsman (TIO).',
  ]);
}
