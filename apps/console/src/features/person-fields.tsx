import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  checkContactBirthDate,
  checkContactEmail,
  checkContactMobile,
  CONTACT_TITLES,
} from '@outpost/domain/contacts-rules';
import { Field } from '../components/field';

/** A person's details as the portal's contact form takes them (a holder's or a contact's). */
export type PersonValues = {
  title: (typeof CONTACT_TITLES)[number];
  given_names: string;
  surname: string;
  email: string;
  mobile: string;
  date_of_birth: string;
};

export const emptyPerson: PersonValues = {
  title: 'Ms',
  given_names: '',
  surname: '',
  email: '',
  mobile: '',
  date_of_birth: '',
};

const required = (what: string) => ({
  validate: (v: string) => (v.trim() ? true : `Enter ${what}.`),
});

/** The person's details trimmed, as the admin API takes them. */
export function personInput(v: PersonValues): PersonValues {
  return {
    title: v.title,
    given_names: v.given_names.trim(),
    surname: v.surname.trim(),
    email: v.email.trim(),
    mobile: v.mobile.trim(),
    date_of_birth: v.date_of_birth,
  };
}

/**
 * Title, names, email, mobile and date of birth, checked by the same rules as the portal's
 * contact form (the server checks them again). For a form whose values hold a PersonValues.
 */
export function PersonFields<T extends PersonValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  // The form's own type holds these fields; react-hook-form cannot see that through T.
  const reg = register as unknown as UseFormRegister<PersonValues>;
  const err = errors as FieldErrors<PersonValues>;
  return (
    <>
      <Field label="Title" as="select" {...reg('title')}>
        {CONTACT_TITLES.map((t) => (
          <option key={t}>{t}</option>
        ))}
      </Field>
      <Field
        label="Given names"
        autoComplete="off"
        error={err.given_names?.message}
        {...reg('given_names', required('the given names'))}
      />
      <Field
        label="Surname"
        autoComplete="off"
        error={err.surname?.message}
        {...reg('surname', required('the surname'))}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="off"
        error={err.email?.message}
        {...reg('email', { validate: (v) => checkContactEmail(v.trim()) ?? true })}
      />
      <Field
        label="Mobile"
        inputMode="tel"
        autoComplete="off"
        error={err.mobile?.message}
        {...reg('mobile', { validate: (v) => checkContactMobile(v.trim()) ?? true })}
      />
      <Field
        label="Date of birth"
        type="date"
        error={err.date_of_birth?.message}
        {...reg('date_of_birth', {
          validate: (v) => checkContactBirthDate(v, new Date()) ?? true,
        })}
      />
    </>
  );
}
