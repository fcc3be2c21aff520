const fs=require('fs');const f=process.argv[2];const p=JSON.parse(fs.readFileSync(f));
const self=new Map();const byId=new Map(p.nodes.map(n=>[n.id,n]));
const dt=p.timeDeltas;const counts=new Map();p.samples.forEach((s,i)=>counts.set(s,(counts.get(s)||0)+(dt[i]||0)));
let total=0;for(const [id,t] of counts){const n=byId.get(id);const k=n.callFrame.functionName+' '+n.callFrame.url.split('/').slice(-2).join('/')+':'+n.callFrame.lineNumber;self.set(k,(self.get(k)||0)+t);total+=t;}
[...self].sort((a,b)=>b[1]-a[1]).slice(0,+process.argv[3]||30).forEach(([k,t])=>console.log((t/1000).toFixed(0).padStart(7)+'ms '+(100*t/total).toFixed(1).padStart(5)+'% '+k));
