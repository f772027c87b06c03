import { useMemo } from 'react';
import { SafeHtml } from '@/components/safe-html';
import { faqSections } from '../utils/faq-sections';

/**
 * The Rewards FAQ (docs/decisions/020): the content page's questions as an accordion of native
 * details/summary elements (keyboard and screen reader support come with them), or the sanitised
 * text as it is when it has no questions. Its questions are h3 where it sits under a heading of
 * its own (beside Get Started).
 */
export function RewardsFaq({ html, headingLevel = 2 }: { html: string; headingLevel?: 2 | 3 }) {
  const faq = useMemo(() => faqSections(html), [html]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="rewards-faq">
      {faq.introHtml !== '' && <SafeHtml className="content-body" html={faq.introHtml} />}
      {faq.sections.length > 0 && (
        <div className="rewards-faq__list">
          {faq.sections.map((section) => (
            <details key={section.id} className="rewards-faq__item">
              <summary className="rewards-faq__question">
                <Heading className="rewards-faq__heading">{section.question}</Heading>
              </summary>
              <SafeHtml className="content-body rewards-faq__answer" html={section.answerHtml} />
            </details>
          ))}
        </div>
      )}
    </div>
  );
}

/** The FAQ's place while it loads: a few closed questions. */
export function RewardsFaqSkeleton() {
  return (
    <div className="rewards-faq" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the questions…
      </p>
      <div className="rewards-faq__list" aria-hidden="true">
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <div key={n} className="rewards-faq__item rewards-faq__item--skeleton">
            <span className="skeleton__line" />
          </div>
        ))}
      </div>
    </div>
  );
}
