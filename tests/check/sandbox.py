"""A private registry for the check tests: seeded from the source tree's
passports in a temporary folder, so no test touches the user's one."""
import os
import subprocess
import tempfile


def sandbox(passport, root):
    """Return (env, tmpdir); the caller removes tmpdir (a TemporaryDirectory)."""
    tmp = tempfile.TemporaryDirectory(prefix="passport-check-")
    env = dict(os.environ)
    env["PASSPORT_SHIPPED"] = os.path.join(root, "passports")
    env["PASSPORT_REGISTRY"] = os.path.join(tmp.name, "registry")
    env["HOME"] = tmp.name
    env.pop("PASSPORT_RULES", None)
    env.update(GIT_AUTHOR_NAME="passport tests",
               GIT_AUTHOR_EMAIL="tests@passport.invalid")
    subprocess.run([passport, "init", "-q", env["PASSPORT_REGISTRY"]],
                   env=env, check=True, capture_output=True)
    return env, tmp
