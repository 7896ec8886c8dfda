"""Voilà settings of the classroom demo: ``make demo`` (``tools/workshop.py demo``) and the browser
tests load this folder with ``--Voila.config_file_paths``, so a closed page frees its kernel.

Voilà starts one kernel per page load. Its page sends a shutdown beacon on unload, carrying the
``_xsrf`` cookie as a form field; Voilà's page never set that cookie, so every shutdown was refused
(403 "'_xsrf' argument missing from POST") and each load left a kernel behind (about 77 MB).
The prelaunch hook sets the cookie when the page is served. Culling is the second line: a kernel
with no open page (a crashed tab, a lost network) is shut down after two idle minutes.
"""

c = get_config()  # noqa: F821 -- traitlets config files receive get_config


def set_xsrf_cookie(handler, notebook=None, cwd=None):
    """Voilà prelaunch hook: read ``handler.xsrf_token``, which sets the ``_xsrf`` cookie on this
    response (tornado does so on first read); the notebook is left as it is (``None``)."""
    handler.xsrf_token  # noqa: B018 -- read for its effect
    return None


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie
c.MappingKernelManager.cull_idle_timeout = 120  # seconds idle with no page connected
c.MappingKernelManager.cull_interval = 30
c.MappingKernelManager.cull_connected = False  # never cull a kernel whose page is open
