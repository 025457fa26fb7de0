import { useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { ApiError } from '@gestion/shared';
import { useNavigateTo } from '@gestion/shared/react';
import { decideFormError, readApiError, readRawApiError } from './api-error';
import { isReauthRequired, useStepUp } from './step-up';
import { useUiTexts } from './i18n/namespace';

/** Options of `useServerForm`. */
export interface ServerFormOptions<F extends FieldValues> {
  defaultValues: DefaultValues<F>;
  /** The form's fields a server detail may name (others go to the form's alert). */
  fields: readonly Path<F>[];
  /**
   * Sends the values; resolves once saved (notify and close there). Whatever it throws is read
   * as an api error and shown by the kit.
   */
  submit: (values: F) => Promise<unknown>;
  /** The alert's text when the api gives none (network down); the kit's "No se han podido…". */
  saveFailed?: string;
  /** Codes whose message shows above the form even when every detail found its field. */
  explainCodes?: readonly string[];
  /** Where to go for an error the form cannot fix (e.g. 404: the record was deleted meanwhile). */
  redirectOf?: (error: ApiError) => string | undefined;
  /** More react-hook-form options (`mode`, …). */
  formOptions?: Omit<UseFormProps<F>, 'defaultValues'>;
}

/** What `useServerForm` gives a dialog: the form, its submit handler and the failure to show. */
export interface ServerForm<F extends FieldValues> {
  form: UseFormReturn<F>;
  /** The `<form onSubmit>`: validates, sends, and on failure places the api's answer. */
  onSubmit: (event?: FormEvent) => void;
  /** The message above the form, or null. */
  alert: string | null;
  /** True after a 409 on a stale version: the dialog explains it and keeps the input. */
  conflict: boolean;
  /** Ends the conflict state (the dialog reloaded the record and reset the form to it). */
  clearConflict: () => void;
  submitting: boolean;
}

/**
 * react-hook-form plus THE one place that turns a failed save into what the user sees
 * (`decideFormError`): server `details` under their fields (the first focused), a version
 * conflict as a warning that keeps the input, a message above the form for the rest, or a
 * redirect. Dialogs no longer copy that decision (issue #14: about ten did, and diverged).
 * A 403 REAUTENTICACION_REQUERIDA (issue #16) first asks for step-up when a page provides it
 * (`StepUpProvider`), and once confirmed sends the same values again, once.
 */
export function useServerForm<F extends FieldValues>(
  options: ServerFormOptions<F>,
): ServerForm<F> {
  const { t } = useUiTexts();
  const navigateTo = useNavigateTo();
  const stepUp = useStepUp();
  const form = useForm<F>({ ...options.formOptions, defaultValues: options.defaultValues });
  const [alert, setAlert] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  const handler = form.handleSubmit(async (values) => {
    setAlert(null);
    setConflict(false);
    try {
      await options.submit(values);
    } catch (refusal) {
      let error = refusal;
      if (stepUp && isReauthRequired(readRawApiError(refusal, '')) && (await stepUp())) {
        try {
          await options.submit(values);
          return;
        } catch (again) {
          error = again;
        }
      }
      const read = readApiError(error, options.saveFailed ?? t('saveFailed'));
      const outcome = decideFormError(read, {
        fields: options.fields,
        explainCodes: options.explainCodes,
        redirectOf: options.redirectOf,
      });
      if (outcome.kind === 'conflict') {
        setConflict(true);
      } else if (outcome.kind === 'redirect') {
        navigateTo(outcome.to);
      } else {
        let first = true;
        for (const [field, message] of outcome.fieldErrors) {
          form.setError(field as Path<F>, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
        setAlert(outcome.alert ?? null);
      }
    }
  });

  return {
    form,
    onSubmit: (event) => void handler(event),
    alert,
    conflict,
    clearConflict: () => setConflict(false),
    submitting: form.formState.isSubmitting,
  };
}
