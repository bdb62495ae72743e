-- Forward-auth (trusted header SSO, issue 28): users created from a trusted proxy's user header
-- sign in through that proxy only, have no password, and are told apart by auth_provider 'proxy'
-- (PUT /api/auth/password answers 409 not_local_account for them).
ALTER TABLE users DROP CONSTRAINT users_auth_provider_check;
ALTER TABLE users ADD CONSTRAINT users_auth_provider_check
  CHECK (auth_provider IN ('local', 'oidc', 'proxy'));
