import { type ReactNode, useReducer, useRef, useState } from 'react';
import type { z } from 'zod';

// Form state kept here rather than in @mantine/form: the forms use a small part of it, and its ~6 KB on
// the wire were the largest piece of /register that is not React, Mantine or tRPC (issue 8 B6). The
// API is the part of @mantine/form's the forms used, so Mantine inputs take `getInputProps` as before.

export type FormErrors = Record<string, ReactNode>;
type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** A schema that arrives with its module (and zod) later: see `lazySchema`. */
export type LazySchema<S extends FormSchema> = { current?: S; load: () => Promise<S | undefined> };

/**
 * A schema loaded on demand, once: `load()` starts the import (again after a failure) and resolves to
 * the schema, or to undefined when the module could not be fetched. A public page's form is on screen
 * and usable before its schema (and zod, ~21 KB on the wire) arrives (issue 8 B6).
 */
export function lazySchema<S extends FormSchema>(importSchema: () => Promise<S>): LazySchema<S> {
  let pending: Promise<S | undefined> | undefined;
  const lazy: LazySchema<S> = {
    load: () => {
      pending ??= importSchema().then(
        (schema) => {
          lazy.current = schema;
          return schema;
        },
        () => {
          pending = undefined;
          return undefined;
        },
      );
      return pending;
    },
  };
  return lazy;
}

const isLazy = <S extends FormSchema>(schema: S | LazySchema<S>): schema is LazySchema<S> =>
  typeof (schema as LazySchema<S>).load === 'function';

type Verdict<Out> = { errors: FormErrors; output?: Out };

/** The schema's field errors (the first message per field, as the server reports them) or its output. */
function verdict<S extends FormSchema>(schema: S, values: z.input<S>): Verdict<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { errors: {}, output: result.data };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { errors };
}

/** Errors without the empty ones (null, undefined, false). */
function filterErrors(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, e]) => e != null && e !== false));
}

/** What an input's onChange hands over: an event (its value, or `checked` for a checkbox) or the value. */
function inputValue(input: unknown): unknown {
  if (!input || typeof input !== 'object' || !('nativeEvent' in input)) return input;
  const target = (input as unknown as { currentTarget: unknown }).currentTarget;
  if (target instanceof HTMLInputElement) return target.type === 'checkbox' ? target.checked : target.value;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return target.value;
  return input;
}

/** Runs `next` on a value now, or when it arrives. */
const then = <T>(value: T | Promise<T>, next: (v: T) => void) =>
  value instanceof Promise ? value.then(next) : next(value);

/**
 * A form validated by a shared zod schema, so the browser shows exactly the messages the server would
 * send: a field is checked when it loses focus, the whole form on submit. `onSubmit` hands over the
 * schema's parsed output (trimmed, lowercased e-mail ...), not the raw input values.
 *
 * With a `lazySchema`, a check asked for before the schema has loaded waits for it. If it cannot load
 * (a dropped connection), the form lets the values through unchanged: the server parses them with the
 * same schema, and its field errors show like these.
 */
export function useZodForm<S extends FormSchema>(
  schema: S | LazySchema<S>,
  { initialValues }: { initialValues: z.input<S> },
) {
  type Values = z.input<S>;
  type Path = keyof Values & string;
  // Values live in a ref, so a change is visible to a check made right after it (before the re-render).
  const values = useRef<Values>(initialValues);
  const [errors, setErrorState] = useState<FormErrors>({});
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  const check = (): Verdict<z.output<S>> | Promise<Verdict<z.output<S>>> => {
    const ready = isLazy(schema) ? schema.current : schema;
    if (ready) return verdict(ready, values.current);
    return (schema as LazySchema<S>)
      .load()
      .then((loaded) =>
        loaded ? verdict(loaded, values.current) : { errors: {}, output: values.current as z.output<S> },
      );
  };

  const setFieldError = (path: Path, error: ReactNode) => setErrorState((e) => filterErrors({ ...e, [path]: error }));
  const clearFieldError = (path: Path) =>
    setErrorState((e) => (path in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== path)) : e));
  const setFieldValue = <P extends Path>(path: P, value: Values[P] | ((previous: Values[P]) => Values[P])) => {
    const next = typeof value === 'function' ? (value as (p: Values[P]) => Values[P])(values.current[path]) : value;
    values.current = { ...values.current, [path]: next };
    clearFieldError(path);
    rerender();
  };
  const validateField = (path: Path) =>
    then(check(), ({ errors: found }) => (found[path] ? setFieldError(path, found[path]) : clearFieldError(path)));

  return {
    errors,
    getValues: () => values.current,
    setValues: (partial: Partial<Values>) => {
      values.current = { ...values.current, ...partial };
      setErrorState({});
      rerender();
    },
    setFieldValue,
    setErrors: (next: FormErrors) => setErrorState(filterErrors(next)),
    setFieldError,
    clearFieldError,
    validateField,
    /** Props for a Mantine input: value (or `checked`), onChange, error, and the check on blur. */
    getInputProps: (path: Path, options: { type?: 'input' | 'checkbox' } = {}) => ({
      [options.type === 'checkbox' ? 'checked' : 'value']: values.current[path],
      onChange: (input: unknown) => setFieldValue(path, inputValue(input) as Values[Path]),
      error: errors[path],
      onBlur: () => validateField(path),
    }),
    onSubmit:
      (
        handleSubmit: (output: z.output<S>, event?: { preventDefault: () => void }) => unknown,
        handleInvalid?: (errors: FormErrors, values: Values) => void,
      ) =>
      (event?: { preventDefault: () => void }) => {
        event?.preventDefault();
        then(check(), ({ errors: found, output }) => {
          setErrorState(found);
          if (output === undefined) handleInvalid?.(found, values.current);
          else handleSubmit(output, event);
        });
      },
  };
}
