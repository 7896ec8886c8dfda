"""Credential shapes for the masking, provider and adapter tests: none may reach a log or a user."""

# Credential shapes: (id, text holding a credential, the credential). None of the
# credentials may survive in masked text, a log record or an error.
_JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0"
    ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
_PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----"
CREDENTIAL_SHAPES = [
    ("openai", "Incorrect API key provided: sk-test-SECRET123abc.", "sk-test-SECRET123abc"),
    ("openai-project", "key sk-proj-Ab12Cd34Ef56Gh78Ij90 rejected", "sk-proj-Ab12Cd34Ef56Gh78Ij90"),
    ("openai-service", "sk-svcacct-Qw12Er34Ty56Ui78 expired", "sk-svcacct-Qw12Er34Ty56Ui78"),
    ("anthropic", "x-api-key sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4 invalid", "sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4"),
    ("bearer", "Authorization: Bearer opaque-token-0123456789", "opaque-token-0123456789"),
    ("token-scheme", "Authorization: Token 9f8e7d6c5b4a39281706", "9f8e7d6c5b4a39281706"),
    ("apikey-scheme", "authorization: ApiKey c2VjcmV0LXZhbHVlLTEyMw", "c2VjcmV0LXZhbHVlLTEyMw"),
    ("basic", "Authorization: Basic dXNlcjpodW50ZXIy", "dXNlcjpodW50ZXIy"),
    ("digest", 'Authorization: Digest username="bob", response="6629fae49393a0539745"', "6629fae49393a0539745"),
    ("custom-scheme", "Authorization: X-Custom zq81pL0xv7Rw", "zq81pL0xv7Rw"),
    ("raw-authorization", "Authorization: rawcredential42", "rawcredential42"),
    ("proxy-authorization", "Proxy-Authorization: Basic Zm9vOmJhcmJhejEyMw==", "Zm9vOmJhcmJhejEyMw=="),
    ("header-json", '{"headers": {"Authorization": "Bearer hdr-json-7a6b5c4d"}}', "hdr-json-7a6b5c4d"),
    ("header-dict", "{'authorization': 'Bearer dict-repr-1a2b3c4d'}", "dict-repr-1a2b3c4d"),
    ("cookie", "Cookie: sessionid=ck-3f2e1d0c9b8a; theme=dark", "ck-3f2e1d0c9b8a"),
    ("set-cookie", "Set-Cookie: __Host-sid=sc-77aa88bb99cc; Path=/; Secure", "sc-77aa88bb99cc"),
    ("query-api-key", "GET /v1/models?api_key=q-5544332211&x=1", "q-5544332211"),
    ("json-password", '{"user": "bob", "password": "correct horse battery"}', "correct horse battery"),
    ("json-client-secret", '{"client_secret":"cs-0o9i8u7y6t"}', "cs-0o9i8u7y6t"),
    ("json-api-key", '{"api_key": "jk-11223344", "model": "m"}', "jk-11223344"),
    ("json-refresh-token", '{"refresh_token": "rt-0f0e0d0c"}', "rt-0f0e0d0c"),
    ("x-api-key", "x-api-key: xk-99887766", "xk-99887766"),
    ("environment", "OPENAI_API_KEY=envkey-556677", "envkey-556677"),
    ("access-token", "access_token=at-abcdef123456&token_type=bearer", "at-abcdef123456"),
    ("url-encoded", "body api%5Fkey%3Denc-0011223344%26model%3Dm", "enc-0011223344"),
    ("url-encoded-json", "%7B%22password%22%3A%22pw-enc-8877%22%7D", "pw-enc-8877"),
    ("double-encoded", "api%255Fkey%253Ddbl-123456", "dbl-123456"),
    ("encoded-bearer", "Authorization%3A%20Bearer%20encb-44556677", "encb-44556677"),
    ("github-classic", "ghp_0123456789abcdefghijABCDEFGHIJ012345 revoked", "ghp_0123456789abcdefghijABCDEFGHIJ012345"),
    ("github-oauth", "gho_16C7e42F292c6912E7710c838347Ae178B4a", "gho_16C7e42F292c6912E7710c838347Ae178B4a"),
    ("github-fine-grained", "github_pat_11ABCDEFG0123456789_abcdefghijklmno", "github_pat_11ABCDEFG0123456789_abcdefghijklmno"),
    ("slack-bot", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOp", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOp"),
    ("slack-user", "xoxp-123456789012-123456789012-abcdef0123", "xoxp-123456789012-123456789012-abcdef0123"),
    ("aws-key-id", "AccessKeyId AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    ("aws-session-key-id", "ASIAJEXAMPLEXEG2JICE used", "ASIAJEXAMPLEXEG2JICE"),
    ("aws-secret", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("google", "https://host/v1beta/models?alt=sse&key=AIzaSyD-0123456789abcdefghijklmnopq", "AIzaSyD-0123456789abcdefghijklmnopq"),
    ("google-bare", "key AIzaSyA1234567890abcdef leaked", "AIzaSyA1234567890abcdef"),
    ("gitlab", "glpat-xT4bQ9zK2mN8pL5vR1wY", "glpat-xT4bQ9zK2mN8pL5vR1wY"),
    ("hugging-face", "token hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567 denied", "hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567"),
    ("stripe", "sk_live_51H8abcdEFGHijklMNOPqrst", "sk_live_51H8abcdEFGHijklMNOPqrst"),
    ("npm", "npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"),
    ("pypi", "pypi-AgEIcHlwaS5vcmcCJGFiY2RlZg", "pypi-AgEIcHlwaS5vcmcCJGFiY2RlZg"),
    ("jwt", f"id_token {_JWT} expired", _JWT),
    ("jwt-unsigned", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0. accepted", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."),
    ("url-userinfo", "https://alice:pa55w0rd-x@llm.example/v1", "pa55w0rd-x"),
    ("url-token-user", "https://x-access-token:ghs_abcdefghij0123456789@github.com/o/r", "ghs_abcdefghij0123456789"),
    ("pem", f"loaded {_PEM} from disk", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"),
]


class Unprintable(Exception):
    """A model's exception whose ``__str__`` and ``__repr__`` raise, with a credential in the way."""

    def __str__(self):
        raise RuntimeError("cannot print sk-test-Unprintable99")

    def __repr__(self):
        raise RuntimeError("cannot repr sk-test-Unprintable99")
