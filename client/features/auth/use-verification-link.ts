import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { M } from '#shared/messages';
import { type VerifyTokenType, verifyTokenTypeSchema } from '#shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { errorData } from '../../lib/trpc-errors';

type Outcome =
  | { kind: 'signin'; email: string } // signup or email_change confirmed: sign in next
  | { kind: 'recovery'; token: string; email: string } // recovery token checked (or issued): set a password
  | { kind: 'signed-in' } // magic link
  | { kind: 'forgot'; reason: string }; // recovery link that failed (why): ask for a new one

const VERIFY_TEXTS: ReadonlySet<string> = new Set(Object.values(M.verify));

/** The link's token and type, from the query or the hash (spec §2 /auth). */
function readLink(search: string, hash: string): { token: string | null; type: string | null } {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    token: query.get('token') ?? fragment.get('token'),
    type: query.get('type') ?? fragment.get('type'),
  };
}

/**
 * Acts once on a verification link: checks it with auth.verify, toasts the per-type result and tells
 * the page what to show next. The token is then removed from the address bar.
 */
export function useVerificationLink(onOutcome: (outcome: Outcome) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  const [link] = useState(() => readLink(location.search, location.hash));
  const verify = trpc.auth.verify.useMutation();
  const utils = trpc.useUtils();
  const pending = Boolean(link.type) && !handled.current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is acted on once, when the page mounts
  useEffect(() => {
    if (handled.current || !link.type) return;
    handled.current = true;
    navigate('/auth', { replace: true });
    const parsedType = verifyTokenTypeSchema.safeParse(link.type);
    if (!link.token || !parsedType.success) {
      notifications.show({ color: 'red', message: M.verify.invalidLink });
      if (link.type === 'recovery') onOutcome({ kind: 'forgot', reason: M.verify.invalidLink });
      return;
    }
    const type: VerifyTokenType = parsedType.data;
    const token = link.token;
    verify.mutate(
      { token, type },
      {
        onSuccess: (result) => {
          if (type === 'recovery') return onOutcome({ kind: 'recovery', token, email: result.email });
          notifications.show({ color: 'teal', message: result.message });
          // Competing sign-ups for this address: the password is chosen now, with the token just issued.
          if (result.choosePasswordToken) {
            return onOutcome({ kind: 'recovery', token: result.choosePasswordToken, email: result.email });
          }
          if (result.signedIn) {
            void utils.auth.me.invalidate();
            return onOutcome({ kind: 'signed-in' });
          }
          onOutcome({ kind: 'signin', email: result.email });
        },
        onError: (err) => {
          const text = VERIFY_TEXTS.has(err.message)
            ? err.message
            : errorData(err).httpStatus
              ? M.verify.failed
              : M.common.network;
          notifications.show({ color: 'red', message: text });
          if (type === 'recovery') onOutcome({ kind: 'forgot', reason: text });
        },
      },
    );
  }, []);

  return { verifying: pending || verify.isPending, type: link.type };
}
