import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { paths } from '../paths';
import { renderPdf } from '../lib/pdf';

// npx tsx apps/server/src/cli/guide-downloads.ts: writes the printable guides that the guides of
// type 'link' download (content/guides; docs/decisions/018) into apps/web/public/downloads, which
// the web build copies. They name no provider and no number (the web build is the same for every
// brand): they point to the portal's Contact page. The same text makes the same bytes.

type Section = { heading: string; lines: string[] };
type Download = { file: string; title: string; intro: string; sections: Section[] };

const downloads: Download[] = [
  {
    file: 'satellite-quick-start.pdf',
    title: 'Satellite broadband: quick-start guide',
    intro: 'Keep this page near your modem.',
    sections: [
      {
        heading: '1. Connect',
        lines: [
          'The cable from the dish screws into the satellite modem. Keep the modem powered on.',
          "Plug the Wi-Fi router into the modem's first network port (LAN 1 or UNI-D 1).",
          "Join the Wi-Fi network named on the router's sticker, with the password printed there.",
        ],
      },
      {
        heading: '2. Check the lights',
        lines: [
          'Power solid green: the modem is on.',
          'Satellite (Status) solid: connected. Flashing: finding the satellite (up to 10 minutes).',
          'Satellite red, amber or off: check the dish cable, and wait out heavy rain (rain fade).',
          'LAN on or flickering: the router is connected.',
        ],
      },
      {
        heading: '3. Restart in the right order',
        lines: [
          'Turn off the router, then the modem. Wait 30 seconds.',
          'Turn on the modem and wait for a solid satellite light. Then turn on the router.',
          'Never press a reset pin hole: it erases your Wi-Fi settings.',
        ],
      },
      {
        heading: '4. Still not working?',
        lines: [
          'Look at Support > Outages & Network Status in the portal for a known problem nearby.',
          'Our phone numbers and hours are on Support > Contact, or ask us to call you back.',
          'Please do not climb up to the dish or try to re-point it.',
        ],
      },
    ],
  },
  {
    file: 'voip-adapter-set-up.pdf',
    title: 'VoIP home phone: adapter set-up card',
    intro: 'Your calls travel over your broadband service.',
    sections: [
      {
        heading: '1. Plug in',
        lines: [
          'Connect the adapter to a network port on your router with the cable supplied.',
          'Plug the adapter into power and wait 5 minutes while it loads your settings.',
          'Plug your home phone into the port marked Phone 1 (or Tel 1).',
        ],
      },
      {
        heading: '2. Test',
        lines: [
          'Lift the handset and listen for a dial tone. Make a test call to a mobile.',
          'No dial tone? Restart the router, then the adapter, and check the phone is in Phone 1.',
        ],
      },
      {
        heading: '3. Emergency calls (000)',
        lines: [
          'VoIP does not work in a power cut or when your internet is down.',
          'Keep a charged mobile phone for emergencies. From a mobile you can also dial 112.',
          'Some medical and security alarms need a traditional line: check with their supplier.',
        ],
      },
      {
        heading: '4. Help',
        lines: ['Our phone numbers and hours are on Support > Contact in the portal.'],
      },
    ],
  },
];

const outDir = path.join(paths.appRoot, 'apps', 'web', 'public', 'downloads');
for (const d of downloads) {
  const pdf = await renderPdf(
    { title: d.title, author: 'Support', created: new Date('2026-11-01T00:00:00Z') },
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(20).text(d.title);
      doc.moveDown(0.3).font('Helvetica').fontSize(11).text(d.intro);
      for (const s of d.sections) {
        doc.moveDown(0.9).font('Helvetica-Bold').fontSize(13).text(s.heading);
        doc.font('Helvetica').fontSize(11);
        for (const line of s.lines) doc.moveDown(0.25).text(`- ${line}`, { indent: 8 });
      }
    },
  );
  writeFileSync(path.join(outDir, d.file), pdf);
  console.log(`${d.file}: ${pdf.length} bytes`);
}
