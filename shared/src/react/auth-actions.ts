/**
 * Auth events any container may dispatch into the shell's store (DESIGN.md §5). They live in the
 * light `@gestion/shared/react` entry, not with the RTK Query api, so the shell's auth slice and a
 * remote's profile page can use them without loading RTK Query.
 */
import { createAction } from '@reduxjs/toolkit';
import type { User } from '../contracts/user';

/** Dispatched when any authenticated call answers 401 (`auth/sessionExpired`). */
export const sessionExpired = createAction('auth/sessionExpired');

/**
 * Dispatched by a remote that changed the signed-in user through the api (e.g. its own profile):
 * the shell's auth slice takes the new user so every area shows it at once.
 */
export const userUpdated = createAction<User>('auth/userUpdated');
