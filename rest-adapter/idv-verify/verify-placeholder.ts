// PLACEHOLDER for the hosted capture page route {verify_base_url}/verify/<session_id>, so the
// links of emailed invites and direct links resolve on `npm start` until the capture page (another
// issue) replaces this file's mount. The invite code travels in the URL fragment (#code=...), which
// browsers never send to the server; the page reads it client-side. No session data is shown here.
import express from 'express';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="referrer" content="no-referrer"><title>Identity verification</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px">
<h1>Identity verification</h1>
<p id="state">Preparing your verification…</p>
<script>
  // The credential is in the fragment; keep it out of history and referrers.
  var code = new URLSearchParams(location.hash.slice(1)).get('code');
  document.getElementById('state').textContent = code ? 'Your invite link is valid for this page. The capture steps open here.' : 'This link is incomplete. Open the link from your invitation again.';
</script>
</body></html>`;

export function mountVerifyPlaceholder(app: express.Express): void {
  app.get('/verify/:sessionId', (req, res) => {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(req.params.sessionId)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.type('html').send(PAGE);
  });
}
