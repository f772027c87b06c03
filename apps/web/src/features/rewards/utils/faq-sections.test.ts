import { describe, expect, it } from 'vitest';
import { faqSections } from './faq-sections';

describe('faqSections', () => {
  it('makes each h2 a question and what follows it, up to the next, its answer', () => {
    const faq = faqSections(
      '<p>Intro</p>\n<h2>One?</h2>\n<p>A</p><ul><li>B</li></ul>\n<h2>Two?</h2><p>C</p>',
    );
    expect(faq.introHtml).toBe('<p>Intro</p>');
    expect(faq.sections.map((s) => [s.question, s.answerHtml.trim()])).toEqual([
      ['One?', '<p>A</p><ul><li>B</li></ul>'],
      ['Two?', '<p>C</p>'],
    ]);
  });

  it('keeps text without questions as the introduction, sanitised', () => {
    const faq = faqSections('<p onclick="x()">Plain</p><img src=x onerror=alert(1)>');
    expect(faq.sections).toEqual([]);
    expect(faq.introHtml).toBe('<p>Plain</p><img src="x">');
  });
});
