/** Overseerr/Jellyseerr API v1-shaped resources. */
export function seerrUser(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    permissions: 32,
    id: 2,
    email: 'alice@example.com',
    plexUsername: null,
    jellyfinUsername: 'alice',
    username: null,
    userType: 3,
    plexId: null,
    jellyfinUserId: '4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e',
    avatar: '/avatarproxy/4f1c',
    createdAt: '2024-01-05T10:00:00.000Z',
    updatedAt: '2024-01-05T10:00:00.000Z',
    requestCount: 4,
    displayName: 'Alice',
    ...overrides,
  };
}

export function seerrRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 11,
    status: 2,
    createdAt: '2025-03-01T18:30:00.000Z',
    updatedAt: '2025-03-02T08:00:00.000Z',
    type: 'movie',
    is4k: false,
    serverId: 0,
    profileId: 4,
    rootFolder: '/media/movies',
    media: {
      downloadStatus: [],
      downloadStatus4k: [],
      id: 77,
      mediaType: 'movie',
      tmdbId: 335984,
      tvdbId: null,
      imdbId: null,
      status: 5,
      status4k: 1,
      createdAt: '2025-03-01T18:30:00.000Z',
      updatedAt: '2025-03-03T00:00:00.000Z',
    },
    seasons: [],
    modifiedBy: seerrUser({ id: 1, displayName: 'Admin' }),
    requestedBy: seerrUser(),
    seasonCount: 0,
    ...overrides,
  };
}

export function seerrPage(
  results: unknown[],
  total: number,
  pageSize: number,
  page: number,
): Record<string, unknown> {
  return {
    pageInfo: { pages: Math.ceil(total / pageSize), pageSize, results: total, page },
    results,
  };
}
