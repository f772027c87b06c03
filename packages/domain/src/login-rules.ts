/** Client-side checks for the login form (spec 1, section 5 "Login"). Returns the message to show, or null. */
export const loginMessages = {
  emailAsUsername:
    "It appears you entered an email address rather than your Username. If you are unsure of your Username, please click the 'Can't login?' link.",
  missingCredentials: 'Please enter your username and password.',
} as const;

export function checkLoginInput(username: string, password: string): string | null {
  if (username.trim() === '' || password === '') return loginMessages.missingCredentials;
  if (username.includes('@')) return loginMessages.emailAsUsername;
  return null;
}
