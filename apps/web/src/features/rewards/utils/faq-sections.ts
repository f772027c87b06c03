import { sanitizeHtml } from '@/components/safe-html';

export type FaqSection = { id: string; question: string; answerHtml: string };
export type Faq = { introHtml: string; sections: FaqSection[] };

/**
 * The FAQ page's HTML (from content/pages/rewards-faq.md), sanitised, cut into questions: each
 * second-level heading is a question and what follows it, up to the next one, its answer. Text
 * before the first question is the introduction. No headings: all of it is the introduction.
 */
export function faqSections(html: string): Faq {
  const clean = sanitizeHtml(html);
  const doc = new DOMParser().parseFromString(`<body>${clean}</body>`, 'text/html');
  let intro = '';
  const sections: FaqSection[] = [];
  for (const node of Array.from(doc.body.childNodes)) {
    if (node instanceof Element && node.tagName === 'H2') {
      sections.push({
        id: `faq-${sections.length + 1}`,
        question: node.textContent.trim(),
        answerHtml: '',
      });
      continue;
    }
    const part = node instanceof Element ? node.outerHTML : (node.textContent ?? '');
    const current = sections.at(-1);
    if (current) current.answerHtml += part;
    else intro += part;
  }
  return { introHtml: intro.trim(), sections };
}
