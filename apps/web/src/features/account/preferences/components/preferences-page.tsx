import type { Preference, SelectionOption } from '@outpost/contracts/account';
import {
  PREFERENCE_SECTIONS,
  PREFERENCE_TEXT_MAX,
  type PreferenceSection,
} from '@outpost/domain/account-rules';
import { messages } from '@outpost/contracts/messages';
import {
  checkContactEmail,
  checkContactPhone,
  PHONE_EXAMPLES,
} from '@outpost/domain/contacts-rules';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { Field } from '@/components/form/field';
import { setDataSaver, useDataSaver } from '@/lib/data-saver';
import { rulesResolver, type Rules } from '@/components/form/rules-resolver';
import { LoadError } from '@/components/load-error';
import { FormAlert } from '@/components/form/form-alert';
import { isNativePlatform } from '@/lib/platform';
import { useFormSeed } from '@/lib/form-seed';
import { preferencesQueryKey, usePreferences } from '../api/preferences-get';
import { useUpdatePreferences } from '../api/preferences-update';
import { AccountLayout } from '../../components/account-layout';
import { PhoneInput } from '../../components/details-phone-input';
import { WebPushSwitch } from './web-push-switch';
import { SaveButton } from '../../components/save-button';
import { LoadingState } from '@/components/loading-state';

/** Form values keyed 'p{id}': the chosen option, the switch, or the text. */
type Values = Record<string, string | boolean>;

const keyOf = (p: Preference) => `p${p.id}`;

function valueOf(p: Preference): string | boolean {
  if (p.type === 'selection')
    return (p.data as SelectionOption[]).find((o) => o.selected)?.value ?? '';
  const { value } = p.data as { value: string | boolean };
  return value;
}

/** What a form value sends back as the preference's data. */
function dataOf(p: Preference, value: string | boolean) {
  if (p.type === 'selection')
    return (p.data as SelectionOption[]).map((o) => ({
      value: o.value,
      selected: o.value === value,
    }));
  if (p.type === 'toggle') return { value: value === true };
  return { value: String(value).trim() };
}

const textRule = (value: string | boolean) =>
  String(value).trim().length > PREFERENCE_TEXT_MAX
    ? `Use at most ${PREFERENCE_TEXT_MAX} characters.`
    : null;
const emailRule = (value: string | boolean) =>
  String(value).trim() === '' ? null : checkContactEmail(String(value));
const phoneRule = (value: string | boolean) => checkContactPhone(String(value));

function rulesFor(list: readonly Preference[]): Rules<Values> {
  const rules: Rules<Values> = {};
  for (const p of list) {
    if (p.type === 'text') rules[keyOf(p)] = textRule;
    if (p.type === 'email') rules[keyOf(p)] = emailRule;
    if (p.type === 'phone') rules[keyOf(p)] = phoneRule;
  }
  return rules;
}

type Notice = { tone: 'success' | 'info'; text: string } | null;

/**
 * /account/preferences (spec 3 sections 2.8, 3, 7): the preferences the user may see, by section,
 * each by its type; Save sends the changed ones as a list of {id, data}.
 */
export function PreferencesPage() {
  const preferences = usePreferences();
  const list = useFormSeed(preferences, preferencesQueryKey);
  return (
    <AccountLayout title="Account Preferences">
      {preferences.isError ? (
        <LoadError
          error={messages.account.loadPage}
          onRetry={() => void preferences.refetch()}
          resetKey={preferences.errorUpdatedAt}
        />
      ) : list === undefined ? (
        <LoadingState placeholder={<PreferencesSkeleton />} />
      ) : (
        <PreferencesForm list={list} />
      )}
      {!isNativePlatform() && preferences.isSuccess && <WebPushSwitch />}
      <DataSaverCard />
    </AccountLayout>
  );
}

/**
 * 'Data saver' (decision 032): a setting of this device, not of the account, so it applies at once
 * and is not part of the form Save sends.
 */
function DataSaverCard() {
  const headingId = useId();
  const hintId = useId();
  const on = useDataSaver();
  return (
    <section className="dashboard-card preferences__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-card__title">
        This device
      </h2>
      <label className="switch">
        <input
          type="checkbox"
          checked={on}
          aria-describedby={hintId}
          onChange={(event) => setDataSaver(event.target.checked)}
        />
        Data saver
      </label>
      <p id={hintId} className="field__hint">
        Uses less data: no pictures on the dashboard and in News, usage charts only when you ask,
        nothing loaded ahead. Saved on this device only.
      </p>
    </section>
  );
}

function PreferencesSkeleton() {
  return (
    <div className="preferences" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your preferences…
      </p>
      {PREFERENCE_SECTIONS.map((section) => (
        <section key={section} className="dashboard-card preferences__section">
          <h2 className="dashboard-card__title">{section}</h2>
          <div className="skeleton" aria-hidden="true">
            <span className="skeleton__line" />
            <span className="skeleton__line skeleton__line--short" />
          </div>
        </section>
      ))}
    </div>
  );
}

function PreferencesForm({ list }: { list: Preference[] }) {
  const update = useUpdatePreferences();
  const [notice, setNotice] = useState<Notice>(null);
  const defaults = useMemo(
    () => Object.fromEntries(list.map((p) => [keyOf(p), valueOf(p)])) as Values,
    [list],
  );
  const resolver = useMemo(() => rulesResolver<Values>(rulesFor(list)), [list]);
  const form = useForm<Values>({ resolver, values: defaults });
  const editable = list.filter((p) => p.type !== 'info');
  const sections = PREFERENCE_SECTIONS.map((section) => ({
    section,
    items: list.filter((p) => p.section === section),
  })).filter((s) => s.items.length > 0);

  const handleSubmit = form.handleSubmit((values) => {
    const changed = editable.filter((p) => {
      const before = valueOf(p);
      const after = values[keyOf(p)] ?? before;
      return typeof before === 'string' ? before !== String(after).trim() : before !== after;
    });
    setNotice(null);
    if (changed.length === 0) {
      setNotice({ tone: 'info', text: 'There are no changes to save.' });
      return;
    }
    update.mutate(
      changed.map((p) => ({ id: p.id, data: dataOf(p, values[keyOf(p)] ?? valueOf(p)) })),
      {
        onSuccess: () => setNotice({ tone: 'success', text: 'Your preferences have been saved.' }),
      },
    );
  });

  return (
    <FormProvider {...form}>
      <form className="form preferences" onSubmit={handleSubmit} noValidate>
        {sections.map(({ section, items }) => (
          <PreferenceSectionCard key={section} section={section} items={items} />
        ))}
        {update.isError && <FormAlert error={update.error} />}
        <p className="form-status preferences__status" role="status">
          {notice?.text ?? ''}
        </p>
        <SaveButton saving={update.isPending} />
      </form>
    </FormProvider>
  );
}

function PreferenceSectionCard({
  section,
  items,
}: {
  section: PreferenceSection;
  items: Preference[];
}) {
  const headingId = useId();
  return (
    <section className="dashboard-card preferences__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-card__title">
        {section}
      </h2>
      {items.map((p) => (
        <PreferenceItem key={p.id} preference={p} />
      ))}
    </section>
  );
}

function PreferenceItem({ preference: p }: { preference: Preference }) {
  const name = keyOf(p);
  switch (p.type) {
    case 'selection':
      return <SelectionItem preference={p} />;
    case 'toggle':
      return <Field<Values> name={name} label={p.preference} type="checkbox" className="switch" />;
    case 'email':
      return <Field<Values> name={name} label={p.preference} type="email" autoComplete="off" />;
    case 'phone':
      return (
        <Field<Values>
          name={name}
          label={p.preference}
          hint={messages.account.phoneHint(PHONE_EXAMPLES[0], PHONE_EXAMPLES[1])}
          control={(props) => <PhoneInput {...props} autoComplete="off" />}
        />
      );
    case 'info': {
      const data = p.data as { value: string; change_at: string };
      return (
        <div className="preferences__info">
          <dl className="facts">
            <div>
              <dt>{p.preference}</dt>
              <dd>{data.value}</dd>
            </div>
          </dl>
          <Link to={data.change_at} className="preferences__change">
            Change it on Account Security
          </Link>
        </div>
      );
    }
    default:
      return (
        <Field<Values>
          name={name}
          label={p.preference}
          type="text"
          autoComplete="off"
          maxLength={PREFERENCE_TEXT_MAX}
        />
      );
  }
}

/** One of the options: a radio group named by the preference. */
function SelectionItem({ preference: p }: { preference: Preference }) {
  const ids = useId();
  const { register } = useFormContext<Values>();
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">{p.preference}</legend>
      {(p.data as SelectionOption[]).map((o, i) => (
        <div key={o.value} className="choice">
          <input id={`${ids}-${i}`} type="radio" value={o.value} {...register(keyOf(p))} />
          <label htmlFor={`${ids}-${i}`} className="choice__label">
            {o.value}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
