/**
 * A self-signed certificate for images.example.org (valid 2000 to 2999) and
 * its key, for tests of HTTPS to a loopback server by name only. Made for
 * these tests and published with them: it secures nothing.
 */
export const TEST_TLS_NAME = 'images.example.org';

export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBbzCCARagAwIBAgIUAjtcol5/kYz1R3Pzums8IgiH6zswCgYIKoZIzj0EAwIw
HTEbMBkGA1UEAwwSaW1hZ2VzLmV4YW1wbGUub3JnMCAXDTAwMDEwMTAwMDAwMFoY
DzI5OTkxMjMxMDAwMDAwWjAdMRswGQYDVQQDDBJpbWFnZXMuZXhhbXBsZS5vcmcw
WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQPNhZ3Ymfyzx0oXkekJOJoNsYVcwhP
OcqbJS6+Ll2DDZ0yOw0Xv5s4UZEYU4cDJFTjmpaBG/ktgunv20LC0jWRozIwMDAd
BgNVHREEFjAUghJpbWFnZXMuZXhhbXBsZS5vcmcwDwYDVR0TAQH/BAUwAwEB/zAK
BggqhkjOPQQDAgNHADBEAiA3t1/pcx8jfqBxhquPpoUdiKczqRpYHUOpSCqAn+g5
3gIgU1TDRSKADil8Ddg3t9vOPTohxJHUQIanb9EAQj2pryY=
-----END CERTIFICATE-----
`;

export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgLA0D2jCQSmxgjTwq
8Oxe63ykf/RWvKcS6o6dBCk6r0KhRANCAAQPNhZ3Ymfyzx0oXkekJOJoNsYVcwhP
OcqbJS6+Ll2DDZ0yOw0Xv5s4UZEYU4cDJFTjmpaBG/ktgunv20LC0jWR
-----END PRIVATE KEY-----
`;
