import { ContactField } from './contact-field';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { rulesResolver } from '@/components/form/rules-resolver';
import { FormAlert, SubmitButton } from '@/components/form/form-alert';
import { useRequestAccess } from '../api/request-access';
import { checkContact, recoveryErrorMessage } from '../utils/recovery';

type Sent = { delivery: string; verifyPath: string };

/**
 * /forgot-password: one field for an email address, mobile number or username. The kind is
 * inferred and checked here (nothing is sent for invalid input); then prepare and commit, and
 * the delivery message replaces the form.
 */
type ContactValues = { contact: string };

const contactRules = rulesResolver<ContactValues>({
  contact: (value) => {
    const check = checkContact(value);
    return check.ok ? null : check.message;
  },
});

export function ForgotPasswordPage() {
  const ids = useId();
  const requestAccess = useRequestAccess();
  const form = useForm<ContactValues>({ resolver: contactRules, defaultValues: { contact: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const sending = requestAccess.isPending;

  // The form is gone: take focus to the message so it is read out.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const handleSubmit = form.handleSubmit(({ contact }) => {
    const check = checkContact(contact);
    if (sending || !check.ok) return;
    setFailure(null);
    requestAccess.mutate(check.body, {
      onSuccess: (delivery) => {
        const query = new URLSearchParams({ [check.field]: check.value });
        setSent({ delivery, verifyPath: `/forgot-password/verify?${query.toString()}` });
      },
      onError: (error) => {
        setFailure(recoveryErrorMessage(error));
        form.setFocus('contact');
      },
    });
  });

  return (
    <div className="page page--narrow">
      <section className="auth-card" aria-labelledby={`${ids}-title`}>
        <h1 id={`${ids}-title`} className="page__title">
          Forgot Password
        </h1>
        {sent ? (
          <div ref={sentRef} tabIndex={-1} className="auth-card__done">
            <p className="form-status" role="status">
              {sent.delivery}
            </p>
            <p>
              Got the code? <Link to={sent.verifyPath}>Enter it here</Link>
            </p>
          </div>
        ) : (
          <>
            <p className="page__subtitle">
              Enter the email address, mobile number or username on your account. We will send you a
              code to get back in.
            </p>
            {failure !== null && <FormAlert>{failure}</FormAlert>}
            <FormProvider {...form}>
              <form className="form" onSubmit={handleSubmit} noValidate>
                <ContactField<ContactValues> name="contact" />
                <SubmitButton busy={sending} busyLabel="Sending...">
                  Request Access
                </SubmitButton>
              </form>
            </FormProvider>
          </>
        )}
        <p className="auth-card__links">
          <Link to="/login">Back to Login</Link>
        </p>
      </section>
    </div>
  );
}
