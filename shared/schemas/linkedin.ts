import { z } from 'zod';
import { LINKEDIN } from '../constants';

// spec §7 linkedin-auth: the browser hands the server the code its popup brought back, and the
// redirect URI it used (the token endpoint checks it is the same one).

export const linkedinExchangeSchema = z.object({
  code: z.string().min(1).max(LINKEDIN.CODE_MAX),
  redirectUri: z.string().min(1).max(500),
});
export type LinkedInExchange = z.infer<typeof linkedinExchangeSchema>;

/** spec §3 LinkedIn import result. `profilePicture`: a JPEG data URL the join form sends as its photo. */
export const linkedinProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type LinkedInProfile = z.infer<typeof linkedinProfileSchema>;

/** What the browser needs to open the authorisation popup (the client id is public in that URL anyway). */
export const linkedinAuthorizeSchema = z.object({
  authUrl: z.string(),
  clientId: z.string(),
  scope: z.string(),
});
