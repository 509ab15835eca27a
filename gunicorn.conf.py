"""gunicorn's settings for every command of the README: gunicorn reads ./gunicorn.conf.py from the
directory it is started in (the repository's root), for the sync and the uvicorn workers alike.

gunicorn trusts X-Forwarded-Proto (and then tells Django the request came over HTTPS) from the
addresses in ``forwarded_allow_ips``, 127.0.0.1 by default. That trust must match Django's own
(DJANGO_BEHIND_PROXY): without a proxy, anybody on the machine could skip the HTTPS redirect with
that header.
"""

import os

_behind_proxy = os.environ.get("DJANGO_BEHIND_PROXY", "").strip().lower() in ("1", "true", "yes", "on")
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1") if _behind_proxy else ""
