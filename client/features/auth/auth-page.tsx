import { Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { M } from '#shared/messages';
import { AuthLayout } from '../../components/auth-layout';
import { FullPageLoader } from '../../components/full-page-loader';
import { usePageTitle } from '../../lib/use-page-title';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { UpdatePasswordForm } from './update-password-form';
import { useMe } from './use-auth';
import { useVerificationLink } from './use-verification-link';

type Tab = 'signin' | 'signup';
type Mode = { kind: 'tabs' } | { kind: 'forgot'; reason?: string } | { kind: 'update'; token: string; email: string };

const TITLES = { signin: 'Sign In', signup: 'Sign Up', forgot: 'Forgot Password', update: 'Set New Password' };

/** spec §2 /auth and §4 auth screen modes: sign in / sign up tabs, forgot password, update password. */
export function AuthPage() {
  const me = useMe();
  const [mode, setMode] = useState<Mode>({ kind: 'tabs' });
  const { state } = useLocation();
  const [tab, setTab] = useState<Tab>(state?.tab === 'signin' ? 'signin' : 'signup');
  const [email, setEmail] = useState('');

  const link = useVerificationLink((outcome) => {
    if (outcome.kind === 'signin') {
      setEmail(outcome.email);
      setTab('signin');
      setMode({ kind: 'tabs' });
    } else if (outcome.kind === 'recovery') {
      setMode({ kind: 'update', token: outcome.token, email: outcome.email });
    } else if (outcome.kind === 'forgot') {
      setMode({ kind: 'forgot', reason: outcome.reason });
    }
  });

  usePageTitle(mode.kind === 'tabs' ? TITLES[tab] : TITLES[mode.kind]);

  // A signed-in visitor has nothing to do here, unless they are setting a new password.
  if (me.data && mode.kind !== 'update' && !link.verifying) return <Navigate to="/" replace />;
  if (me.isLoading) return <FullPageLoader />;

  const toSignIn = () => {
    setTab('signin');
    setMode({ kind: 'tabs' });
  };

  return (
    <AuthLayout tagline="Event rooms where attendees see who else is there">
      {link.verifying ? (
        <FullPageLoader label={M.auth.verifying} fullHeight={false} />
      ) : mode.kind === 'forgot' ? (
        <ForgotPasswordForm initialEmail={email} reason={mode.reason} onBack={toSignIn} />
      ) : mode.kind === 'update' ? (
        <UpdatePasswordForm
          token={mode.token}
          email={mode.email}
          onExpired={() => setMode({ kind: 'forgot', reason: M.verify.recoveryFailed })}
        />
      ) : (
        <Tabs value={tab} onChange={(value) => setTab(value === 'signin' ? 'signin' : 'signup')} keepMounted={false}>
          <Tabs.List grow mb="lg">
            <Tabs.Tab value="signin">Sign In</Tabs.Tab>
            <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">
            <Text c="dimmed" size="sm" mb="md">
              Welcome back. Sign in to manage your events.
            </Text>
            <SignInForm key={email} initialEmail={email} onForgot={() => setMode({ kind: 'forgot' })} />
          </Tabs.Panel>
          <Tabs.Panel value="signup">
            <Text c="dimmed" size="sm" mb="md">
              Create an account to host your first event room.
            </Text>
            <SignUpForm />
          </Tabs.Panel>
        </Tabs>
      )}
    </AuthLayout>
  );
}
