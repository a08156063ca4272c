module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>, %arg1: tensor<128x32xf32>, %arg2: tensor<128xf32>, %arg3: tensor<32x128xf32>, %arg4: tensor<32xf32>, %arg5: tensor<32xf32>, %arg6: tensor<32xf32>, %arg7: tensor<32xf32>, %arg8: tensor<4x8xf32>, %arg9: tensor<32x4x8xf32>, %arg10: tensor<32xf32>, %arg11: tensor<4x8x32xf32>, %arg12: tensor<4x8xf32>, %arg13: tensor<32x4x8xf32>, %arg14: tensor<4x8xf32>, %arg15: tensor<32x4x8xf32>, %arg16: tensor<32xf32>, %arg17: tensor<128x32xf32>, %arg18: tensor<128xf32>, %arg19: tensor<32x128xf32>, %arg20: tensor<32xf32>, %arg21: tensor<32xf32>, %arg22: tensor<32xf32>, %arg23: tensor<32xf32>, %arg24: tensor<4x8xf32>, %arg25: tensor<32x4x8xf32>, %arg26: tensor<32xf32>, %arg27: tensor<4x8x32xf32>, %arg28: tensor<4x8xf32>, %arg29: tensor<32x4x8xf32>, %arg30: tensor<4x8xf32>, %arg31: tensor<32x4x8xf32>, %arg32: tensor<128x32xf32>, %arg33: tensor<32xf32>, %arg34: tensor<32xf32>, %arg35: tensor<16x32xf32>, %arg36: tensor<i32>, %arg37: tensor<32xf32>, %arg38: tensor<128x32xf32>, %arg39: tensor<128xf32>, %arg40: tensor<32x128xf32>, %arg41: tensor<32xf32>, %arg42: tensor<32xf32>, %arg43: tensor<32xf32>, %arg44: tensor<32xf32>, %arg45: tensor<4x8xf32>, %arg46: tensor<32x4x8xf32>, %arg47: tensor<32xf32>, %arg48: tensor<4x8x32xf32>, %arg49: tensor<4x8xf32>, %arg50: tensor<32x4x8xf32>, %arg51: tensor<4x8xf32>, %arg52: tensor<32x4x8xf32>, %arg53: tensor<32xf32>, %arg54: tensor<128x32xf32>, %arg55: tensor<128xf32>, %arg56: tensor<32x128xf32>, %arg57: tensor<32xf32>, %arg58: tensor<32xf32>, %arg59: tensor<32xf32>, %arg60: tensor<32xf32>, %arg61: tensor<4x8xf32>, %arg62: tensor<32x4x8xf32>, %arg63: tensor<32xf32>, %arg64: tensor<4x8x32xf32>, %arg65: tensor<4x8xf32>, %arg66: tensor<32x4x8xf32>, %arg67: tensor<4x8xf32>, %arg68: tensor<32x4x8xf32>, %arg69: tensor<128x32xf32>, %arg70: tensor<32xf32>, %arg71: tensor<32xf32>, %arg72: tensor<16x32xf32>, %arg73: tensor<32xf32>, %arg74: tensor<128x32xf32>, %arg75: tensor<128xf32>, %arg76: tensor<32x128xf32>, %arg77: tensor<32xf32>, %arg78: tensor<32xf32>, %arg79: tensor<32xf32>, %arg80: tensor<32xf32>, %arg81: tensor<4x8xf32>, %arg82: tensor<32x4x8xf32>, %arg83: tensor<32xf32>, %arg84: tensor<4x8x32xf32>, %arg85: tensor<4x8xf32>, %arg86: tensor<32x4x8xf32>, %arg87: tensor<4x8xf32>, %arg88: tensor<32x4x8xf32>, %arg89: tensor<32xf32>, %arg90: tensor<128x32xf32>, %arg91: tensor<128xf32>, %arg92: tensor<32x128xf32>, %arg93: tensor<32xf32>, %arg94: tensor<32xf32>, %arg95: tensor<32xf32>, %arg96: tensor<32xf32>, %arg97: tensor<4x8xf32>, %arg98: tensor<32x4x8xf32>, %arg99: tensor<32xf32>, %arg100: tensor<4x8x32xf32>, %arg101: tensor<4x8xf32>, %arg102: tensor<32x4x8xf32>, %arg103: tensor<4x8xf32>, %arg104: tensor<32x4x8xf32>, %arg105: tensor<128x32xf32>, %arg106: tensor<32xf32>, %arg107: tensor<32xf32>, %arg108: tensor<16x32xf32>, %arg109: tensor<2x17xi32>) -> (tensor<32xf32> {jax.result_info = "result[0]['params']['Block_0']['Dense_0']['bias']"}, tensor<128x32xf32> {jax.result_info = "result[0]['params']['Block_0']['Dense_0']['kernel']"}, tensor<128xf32> {jax.result_info = "result[0]['params']['Block_0']['Dense_1']['bias']"}, tensor<32x128xf32> {jax.result_info = "result[0]['params']['Block_0']['Dense_1']['kernel']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_0']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_0']['LayerNorm_0']['scale']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_0']['LayerNorm_1']['bias']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_0']['LayerNorm_1']['scale']"}, tensor<4x8xf32> {jax.result_info = "result[0]['params']['Block_0']['MultiHeadDotProductAttention_0']['key']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[0]['params']['Block_0']['MultiHeadDotProductAttention_0']['key']['kernel']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_0']['MultiHeadDotProductAttention_0']['out']['bias']"}, tensor<4x8x32xf32> {jax.result_info = "result[0]['params']['Block_0']['MultiHeadDotProductAttention_0']['out']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[0]['params']['Block_0']['MultiHeadDotProductAttention_0']['query']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[0]['params']['Block_0']['MultiHeadDotProductAttention_0']['query']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[0]['params']['Block_0']['MultiHeadDotProductAttention_0']['value']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[0]['params']['Block_0']['MultiHeadDotProductAttention_0']['value']['kernel']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_1']['Dense_0']['bias']"}, tensor<128x32xf32> {jax.result_info = "result[0]['params']['Block_1']['Dense_0']['kernel']"}, tensor<128xf32> {jax.result_info = "result[0]['params']['Block_1']['Dense_1']['bias']"}, tensor<32x128xf32> {jax.result_info = "result[0]['params']['Block_1']['Dense_1']['kernel']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_1']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_1']['LayerNorm_0']['scale']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_1']['LayerNorm_1']['bias']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_1']['LayerNorm_1']['scale']"}, tensor<4x8xf32> {jax.result_info = "result[0]['params']['Block_1']['MultiHeadDotProductAttention_0']['key']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[0]['params']['Block_1']['MultiHeadDotProductAttention_0']['key']['kernel']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['Block_1']['MultiHeadDotProductAttention_0']['out']['bias']"}, tensor<4x8x32xf32> {jax.result_info = "result[0]['params']['Block_1']['MultiHeadDotProductAttention_0']['out']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[0]['params']['Block_1']['MultiHeadDotProductAttention_0']['query']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[0]['params']['Block_1']['MultiHeadDotProductAttention_0']['query']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[0]['params']['Block_1']['MultiHeadDotProductAttention_0']['value']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[0]['params']['Block_1']['MultiHeadDotProductAttention_0']['value']['kernel']"}, tensor<128x32xf32> {jax.result_info = "result[0]['params']['Embed_0']['embedding']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[0]['params']['LayerNorm_0']['scale']"}, tensor<16x32xf32> {jax.result_info = "result[0]['params']['pos']"}, tensor<i32> {jax.result_info = "result[1][0].count"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['Dense_0']['bias']"}, tensor<128x32xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['Dense_0']['kernel']"}, tensor<128xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['Dense_1']['bias']"}, tensor<32x128xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['Dense_1']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['LayerNorm_0']['scale']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['LayerNorm_1']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['LayerNorm_1']['scale']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['MultiHeadDotProductAttention_0']['key']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['MultiHeadDotProductAttention_0']['key']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['MultiHeadDotProductAttention_0']['out']['bias']"}, tensor<4x8x32xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['MultiHeadDotProductAttention_0']['out']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['MultiHeadDotProductAttention_0']['query']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['MultiHeadDotProductAttention_0']['query']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['MultiHeadDotProductAttention_0']['value']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_0']['MultiHeadDotProductAttention_0']['value']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['Dense_0']['bias']"}, tensor<128x32xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['Dense_0']['kernel']"}, tensor<128xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['Dense_1']['bias']"}, tensor<32x128xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['Dense_1']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['LayerNorm_0']['scale']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['LayerNorm_1']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['LayerNorm_1']['scale']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['MultiHeadDotProductAttention_0']['key']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['MultiHeadDotProductAttention_0']['key']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['MultiHeadDotProductAttention_0']['out']['bias']"}, tensor<4x8x32xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['MultiHeadDotProductAttention_0']['out']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['MultiHeadDotProductAttention_0']['query']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['MultiHeadDotProductAttention_0']['query']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['MultiHeadDotProductAttention_0']['value']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].mu['params']['Block_1']['MultiHeadDotProductAttention_0']['value']['kernel']"}, tensor<128x32xf32> {jax.result_info = "result[1][0].mu['params']['Embed_0']['embedding']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].mu['params']['LayerNorm_0']['scale']"}, tensor<16x32xf32> {jax.result_info = "result[1][0].mu['params']['pos']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['Dense_0']['bias']"}, tensor<128x32xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['Dense_0']['kernel']"}, tensor<128xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['Dense_1']['bias']"}, tensor<32x128xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['Dense_1']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['LayerNorm_0']['scale']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['LayerNorm_1']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['LayerNorm_1']['scale']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['MultiHeadDotProductAttention_0']['key']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['MultiHeadDotProductAttention_0']['key']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['MultiHeadDotProductAttention_0']['out']['bias']"}, tensor<4x8x32xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['MultiHeadDotProductAttention_0']['out']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['MultiHeadDotProductAttention_0']['query']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['MultiHeadDotProductAttention_0']['query']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['MultiHeadDotProductAttention_0']['value']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_0']['MultiHeadDotProductAttention_0']['value']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['Dense_0']['bias']"}, tensor<128x32xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['Dense_0']['kernel']"}, tensor<128xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['Dense_1']['bias']"}, tensor<32x128xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['Dense_1']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['LayerNorm_0']['scale']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['LayerNorm_1']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['LayerNorm_1']['scale']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['MultiHeadDotProductAttention_0']['key']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['MultiHeadDotProductAttention_0']['key']['kernel']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['MultiHeadDotProductAttention_0']['out']['bias']"}, tensor<4x8x32xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['MultiHeadDotProductAttention_0']['out']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['MultiHeadDotProductAttention_0']['query']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['MultiHeadDotProductAttention_0']['query']['kernel']"}, tensor<4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['MultiHeadDotProductAttention_0']['value']['bias']"}, tensor<32x4x8xf32> {jax.result_info = "result[1][0].nu['params']['Block_1']['MultiHeadDotProductAttention_0']['value']['kernel']"}, tensor<128x32xf32> {jax.result_info = "result[1][0].nu['params']['Embed_0']['embedding']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['LayerNorm_0']['bias']"}, tensor<32xf32> {jax.result_info = "result[1][0].nu['params']['LayerNorm_0']['scale']"}, tensor<16x32xf32> {jax.result_info = "result[1][0].nu['params']['pos']"}, tensor<f32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.slice %arg109 [0:2, 0:16] : (tensor<2x17xi32>) -> tensor<2x16xi32>
    %1:2 = call @_take(%arg32, %0) : (tensor<128x32xf32>, tensor<2x16xi32>) -> (tensor<2x16x32xf32>, tensor<2x16x1xi32>)
    %2 = stablehlo.broadcast_in_dim %arg35, dims = [1, 2] : (tensor<16x32xf32>) -> tensor<1x16x32xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2] : (tensor<1x16x32xf32>) -> tensor<2x16x32xf32>
    %4 = stablehlo.add %1#0, %3 : tensor<2x16x32xf32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x16xi32>
    %6 = stablehlo.iota dim = 0 : tensor<16xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [1] : (tensor<16xi32>) -> tensor<2x16xi32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 2] : (tensor<2x16xi32>) -> tensor<2x1x16xi32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<2x16x1xi32>) -> tensor<2x16x16xi32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x1x16xi32>) -> tensor<2x16x16xi32>
    %12 = stablehlo.compare GE, %10, %11, SIGNED : (tensor<2x16x16xi32>, tensor<2x16x16xi32>) -> tensor<2x16x16xi1>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 2, 3] : (tensor<2x16x16xi1>) -> tensor<2x1x16x16xi1>
    %14 = stablehlo.convert %13 : (tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xf32>
    %15 = chlo.square %4 : tensor<2x16x32xf32> -> tensor<2x16x32xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %17 = stablehlo.multiply %16, %4 : tensor<2x16x32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_1 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %20 = stablehlo.divide %18, %19 : tensor<2x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%15 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_3 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %23 = stablehlo.divide %21, %22 : tensor<2x16xf32>
    %24 = chlo.square %20 : tensor<2x16xf32> -> tensor<2x16xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %26 = stablehlo.multiply %25, %20 : tensor<2x16xf32>
    %27 = stablehlo.subtract %23, %24 : tensor<2x16xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %29 = stablehlo.maximum %28, %27 : tensor<2x16xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %31 = stablehlo.compare GT, %27, %30, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %33 = stablehlo.compare EQ, %27, %32, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_10 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %37 = stablehlo.select %33, %36, %35 : tensor<2x16xi1>, tensor<2x16xf32>
    %38 = stablehlo.select %31, %34, %37 : tensor<2x16xi1>, tensor<2x16xf32>
    %39 = stablehlo.broadcast_in_dim %20, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %40 = stablehlo.broadcast_in_dim %29, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %41 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %42 = stablehlo.subtract %4, %41 : tensor<2x16x32xf32>
    %cst_11 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %44 = stablehlo.add %40, %43 : tensor<2x16x1xf32>
    %45 = stablehlo.rsqrt %44 : tensor<2x16x1xf32>
    %46 = stablehlo.divide %45, %44 : tensor<2x16x1xf32>
    %cst_12 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %48 = stablehlo.multiply %47, %46 : tensor<2x16x1xf32>
    %49 = stablehlo.reshape %arg5 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %50 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %51 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %52 = stablehlo.multiply %50, %51 : tensor<2x16x32xf32>
    %53 = stablehlo.multiply %42, %52 : tensor<2x16x32xf32>
    %54 = stablehlo.reshape %arg4 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %55 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %56 = stablehlo.add %53, %55 : tensor<2x16x32xf32>
    %57 = stablehlo.dot_general %56, %arg13, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %58 = stablehlo.reshape %arg12 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %60 = stablehlo.add %57, %59 : tensor<2x16x4x8xf32>
    %61 = stablehlo.dot_general %56, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %62 = stablehlo.reshape %arg8 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %64 = stablehlo.add %61, %63 : tensor<2x16x4x8xf32>
    %65 = stablehlo.dot_general %56, %arg15, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %66 = stablehlo.reshape %arg14 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %68 = stablehlo.add %65, %67 : tensor<2x16x4x8xf32>
    %cst_13 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %69 = stablehlo.sqrt %cst_13 : tensor<f32>
    %70 = stablehlo.convert %69 : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [] : (tensor<f32>) -> tensor<2x16x4x8xf32>
    %72 = stablehlo.divide %60, %71 : tensor<2x16x4x8xf32>
    %73 = stablehlo.dot_general %72, %64, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x16xf32>
    %cst_14 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %74:3 = call @_where_0(%14, %73, %cst_14) : (tensor<2x1x16x16xf32>, tensor<2x4x16x16xf32>, tensor<f32>) -> (tensor<2x4x16x16xf32>, tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>)
    %cst_15 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %75 = stablehlo.reduce(%74#0 init: %cst_15) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %76 = stablehlo.reshape %75 : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %77 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %78 = stablehlo.compare EQ, %74#0, %77, FLOAT : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xi1>
    %79 = stablehlo.convert %78 : (tensor<2x4x16x16xi1>) -> tensor<2x4x16x16xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %80 = stablehlo.reduce(%79 init: %cst_16) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %cst_17 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %82 = stablehlo.maximum %81, %75 : tensor<2x4x16xf32>
    %cst_18 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %84 = stablehlo.compare GT, %75, %83, FLOAT : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xi1>
    %cst_19 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %86 = stablehlo.compare EQ, %75, %85, FLOAT : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xi1>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %cst_22 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %90 = stablehlo.select %86, %89, %88 : tensor<2x4x16xi1>, tensor<2x4x16xf32>
    %91 = stablehlo.select %84, %87, %90 : tensor<2x4x16xi1>, tensor<2x4x16xf32>
    %92 = stablehlo.broadcast_in_dim %82, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %94 = stablehlo.subtract %74#0, %93 : tensor<2x4x16x16xf32>
    %95 = stablehlo.exponential %94 : tensor<2x4x16x16xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %96 = stablehlo.reduce(%95 init: %cst_23) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %97 = stablehlo.broadcast_in_dim %96, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %98 = stablehlo.broadcast_in_dim %97, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %99 = stablehlo.divide %95, %98 : tensor<2x4x16x16xf32>
    %100 = stablehlo.multiply %97, %97 : tensor<2x4x16x1xf32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<2x4x16x1xf32>
    %102 = stablehlo.divide %101, %100 : tensor<2x4x16x1xf32>
    %103 = stablehlo.dot_general %68, %99, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x8x16xf32>
    %104 = stablehlo.transpose %103, dims = [0, 3, 1, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x16x4x8xf32>
    %105 = stablehlo.dot_general %104, %arg11, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<4x8x32xf32>) -> tensor<2x16x32xf32>
    %106 = stablehlo.reshape %arg10 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %107 = stablehlo.broadcast_in_dim %106, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %108 = stablehlo.add %105, %107 : tensor<2x16x32xf32>
    %109 = stablehlo.add %4, %108 : tensor<2x16x32xf32>
    %110 = chlo.square %109 : tensor<2x16x32xf32> -> tensor<2x16x32xf32>
    %cst_25 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %112 = stablehlo.multiply %111, %109 : tensor<2x16x32xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %113 = stablehlo.reduce(%109 init: %cst_26) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_27 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %115 = stablehlo.divide %113, %114 : tensor<2x16xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %116 = stablehlo.reduce(%110 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_29 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %118 = stablehlo.divide %116, %117 : tensor<2x16xf32>
    %119 = chlo.square %115 : tensor<2x16xf32> -> tensor<2x16xf32>
    %cst_30 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %121 = stablehlo.multiply %120, %115 : tensor<2x16xf32>
    %122 = stablehlo.subtract %118, %119 : tensor<2x16xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %124 = stablehlo.maximum %123, %122 : tensor<2x16xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %126 = stablehlo.compare GT, %122, %125, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %128 = stablehlo.compare EQ, %122, %127, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_36 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %132 = stablehlo.select %128, %131, %130 : tensor<2x16xi1>, tensor<2x16xf32>
    %133 = stablehlo.select %126, %129, %132 : tensor<2x16xi1>, tensor<2x16xf32>
    %134 = stablehlo.broadcast_in_dim %115, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %135 = stablehlo.broadcast_in_dim %124, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %136 = stablehlo.broadcast_in_dim %134, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %137 = stablehlo.subtract %109, %136 : tensor<2x16x32xf32>
    %cst_37 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %139 = stablehlo.add %135, %138 : tensor<2x16x1xf32>
    %140 = stablehlo.rsqrt %139 : tensor<2x16x1xf32>
    %141 = stablehlo.divide %140, %139 : tensor<2x16x1xf32>
    %cst_38 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %143 = stablehlo.multiply %142, %141 : tensor<2x16x1xf32>
    %144 = stablehlo.reshape %arg7 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %145 = stablehlo.broadcast_in_dim %140, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %146 = stablehlo.broadcast_in_dim %144, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %147 = stablehlo.multiply %145, %146 : tensor<2x16x32xf32>
    %148 = stablehlo.multiply %137, %147 : tensor<2x16x32xf32>
    %149 = stablehlo.reshape %arg6 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %150 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %151 = stablehlo.add %148, %150 : tensor<2x16x32xf32>
    %152 = stablehlo.dot_general %151, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x128xf32>) -> tensor<2x16x128xf32>
    %153 = stablehlo.reshape %arg2 : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %154 = stablehlo.broadcast_in_dim %153, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<2x16x128xf32>
    %155 = stablehlo.add %152, %154 : tensor<2x16x128xf32>
    %156 = stablehlo.multiply %155, %155 : tensor<2x16x128xf32>
    %157 = stablehlo.multiply %156, %155 : tensor<2x16x128xf32>
    %158 = stablehlo.multiply %155, %155 : tensor<2x16x128xf32>
    %cst_39 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %160 = stablehlo.multiply %159, %158 : tensor<2x16x128xf32>
    %cst_40 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %161 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %162 = stablehlo.multiply %161, %157 : tensor<2x16x128xf32>
    %163 = stablehlo.add %155, %162 : tensor<2x16x128xf32>
    %cst_41 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %165 = stablehlo.multiply %164, %163 : tensor<2x16x128xf32>
    %166 = stablehlo.tanh %165 : tensor<2x16x128xf32>
    %cst_42 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %168 = stablehlo.add %167, %166 : tensor<2x16x128xf32>
    %cst_43 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %169 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %170 = stablehlo.subtract %169, %166 : tensor<2x16x128xf32>
    %171 = stablehlo.multiply %168, %170 : tensor<2x16x128xf32>
    %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %172 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %173 = stablehlo.add %172, %166 : tensor<2x16x128xf32>
    %cst_45 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %174 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %175 = stablehlo.multiply %174, %173 : tensor<2x16x128xf32>
    %176 = stablehlo.multiply %155, %175 : tensor<2x16x128xf32>
    %177 = stablehlo.dot_general %176, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<128x32xf32>) -> tensor<2x16x32xf32>
    %178 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %179 = stablehlo.broadcast_in_dim %178, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %180 = stablehlo.add %177, %179 : tensor<2x16x32xf32>
    %181 = stablehlo.add %109, %180 : tensor<2x16x32xf32>
    %c_46 = stablehlo.constant dense<1> : tensor<i32>
    %182 = stablehlo.broadcast_in_dim %c_46, dims = [] : (tensor<i32>) -> tensor<2x16xi32>
    %183 = stablehlo.iota dim = 0 : tensor<16xi32>
    %184 = stablehlo.broadcast_in_dim %183, dims = [1] : (tensor<16xi32>) -> tensor<2x16xi32>
    %185 = stablehlo.broadcast_in_dim %184, dims = [0, 1] : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %186 = stablehlo.broadcast_in_dim %184, dims = [0, 2] : (tensor<2x16xi32>) -> tensor<2x1x16xi32>
    %187 = stablehlo.broadcast_in_dim %185, dims = [0, 1, 2] : (tensor<2x16x1xi32>) -> tensor<2x16x16xi32>
    %188 = stablehlo.broadcast_in_dim %186, dims = [0, 1, 2] : (tensor<2x1x16xi32>) -> tensor<2x16x16xi32>
    %189 = stablehlo.compare GE, %187, %188, SIGNED : (tensor<2x16x16xi32>, tensor<2x16x16xi32>) -> tensor<2x16x16xi1>
    %190 = stablehlo.broadcast_in_dim %189, dims = [0, 2, 3] : (tensor<2x16x16xi1>) -> tensor<2x1x16x16xi1>
    %191 = stablehlo.convert %190 : (tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xf32>
    %192 = chlo.square %181 : tensor<2x16x32xf32> -> tensor<2x16x32xf32>
    %cst_47 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %193 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %194 = stablehlo.multiply %193, %181 : tensor<2x16x32xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %195 = stablehlo.reduce(%181 init: %cst_48) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_49 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %197 = stablehlo.divide %195, %196 : tensor<2x16xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %198 = stablehlo.reduce(%192 init: %cst_50) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_51 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %199 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %200 = stablehlo.divide %198, %199 : tensor<2x16xf32>
    %201 = chlo.square %197 : tensor<2x16xf32> -> tensor<2x16xf32>
    %cst_52 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %202 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %203 = stablehlo.multiply %202, %197 : tensor<2x16xf32>
    %204 = stablehlo.subtract %200, %201 : tensor<2x16xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %205 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %206 = stablehlo.maximum %205, %204 : tensor<2x16xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %207 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %208 = stablehlo.compare GT, %204, %207, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %209 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %210 = stablehlo.compare EQ, %204, %209, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_56 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %211 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %212 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_58 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %213 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %214 = stablehlo.select %210, %213, %212 : tensor<2x16xi1>, tensor<2x16xf32>
    %215 = stablehlo.select %208, %211, %214 : tensor<2x16xi1>, tensor<2x16xf32>
    %216 = stablehlo.broadcast_in_dim %197, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %217 = stablehlo.broadcast_in_dim %206, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %218 = stablehlo.broadcast_in_dim %216, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %219 = stablehlo.subtract %181, %218 : tensor<2x16x32xf32>
    %cst_59 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %220 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %221 = stablehlo.add %217, %220 : tensor<2x16x1xf32>
    %222 = stablehlo.rsqrt %221 : tensor<2x16x1xf32>
    %223 = stablehlo.divide %222, %221 : tensor<2x16x1xf32>
    %cst_60 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %224 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %225 = stablehlo.multiply %224, %223 : tensor<2x16x1xf32>
    %226 = stablehlo.reshape %arg21 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %227 = stablehlo.broadcast_in_dim %222, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %228 = stablehlo.broadcast_in_dim %226, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %229 = stablehlo.multiply %227, %228 : tensor<2x16x32xf32>
    %230 = stablehlo.multiply %219, %229 : tensor<2x16x32xf32>
    %231 = stablehlo.reshape %arg20 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %232 = stablehlo.broadcast_in_dim %231, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %233 = stablehlo.add %230, %232 : tensor<2x16x32xf32>
    %234 = stablehlo.dot_general %233, %arg29, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %235 = stablehlo.reshape %arg28 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %236 = stablehlo.broadcast_in_dim %235, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %237 = stablehlo.add %234, %236 : tensor<2x16x4x8xf32>
    %238 = stablehlo.dot_general %233, %arg25, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %239 = stablehlo.reshape %arg24 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %240 = stablehlo.broadcast_in_dim %239, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %241 = stablehlo.add %238, %240 : tensor<2x16x4x8xf32>
    %242 = stablehlo.dot_general %233, %arg31, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %243 = stablehlo.reshape %arg30 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %244 = stablehlo.broadcast_in_dim %243, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %245 = stablehlo.add %242, %244 : tensor<2x16x4x8xf32>
    %cst_61 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %246 = stablehlo.sqrt %cst_61 : tensor<f32>
    %247 = stablehlo.convert %246 : tensor<f32>
    %248 = stablehlo.broadcast_in_dim %247, dims = [] : (tensor<f32>) -> tensor<2x16x4x8xf32>
    %249 = stablehlo.divide %237, %248 : tensor<2x16x4x8xf32>
    %250 = stablehlo.dot_general %249, %241, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x16xf32>
    %cst_62 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %251:3 = call @_where_0(%191, %250, %cst_62) : (tensor<2x1x16x16xf32>, tensor<2x4x16x16xf32>, tensor<f32>) -> (tensor<2x4x16x16xf32>, tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>)
    %cst_63 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %252 = stablehlo.reduce(%251#0 init: %cst_63) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %253 = stablehlo.reshape %252 : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %254 = stablehlo.broadcast_in_dim %253, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %255 = stablehlo.compare EQ, %251#0, %254, FLOAT : (tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xi1>
    %256 = stablehlo.convert %255 : (tensor<2x4x16x16xi1>) -> tensor<2x4x16x16xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %257 = stablehlo.reduce(%256 init: %cst_64) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %cst_65 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %258 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %259 = stablehlo.maximum %258, %252 : tensor<2x4x16xf32>
    %cst_66 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %260 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %261 = stablehlo.compare GT, %252, %260, FLOAT : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xi1>
    %cst_67 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %262 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %263 = stablehlo.compare EQ, %252, %262, FLOAT : (tensor<2x4x16xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xi1>
    %cst_68 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %264 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %265 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %cst_70 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %267 = stablehlo.select %263, %266, %265 : tensor<2x4x16xi1>, tensor<2x4x16xf32>
    %268 = stablehlo.select %261, %264, %267 : tensor<2x4x16xi1>, tensor<2x4x16xf32>
    %269 = stablehlo.broadcast_in_dim %259, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %270 = stablehlo.broadcast_in_dim %269, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %271 = stablehlo.subtract %251#0, %270 : tensor<2x4x16x16xf32>
    %272 = stablehlo.exponential %271 : tensor<2x4x16x16xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %273 = stablehlo.reduce(%272 init: %cst_71) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %274 = stablehlo.broadcast_in_dim %273, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %275 = stablehlo.broadcast_in_dim %274, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %276 = stablehlo.divide %272, %275 : tensor<2x4x16x16xf32>
    %277 = stablehlo.multiply %274, %274 : tensor<2x4x16x1xf32>
    %cst_72 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %278 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<2x4x16x1xf32>
    %279 = stablehlo.divide %278, %277 : tensor<2x4x16x1xf32>
    %280 = stablehlo.dot_general %245, %276, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x8x16xf32>
    %281 = stablehlo.transpose %280, dims = [0, 3, 1, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x16x4x8xf32>
    %282 = stablehlo.dot_general %281, %arg27, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<4x8x32xf32>) -> tensor<2x16x32xf32>
    %283 = stablehlo.reshape %arg26 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %284 = stablehlo.broadcast_in_dim %283, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %285 = stablehlo.add %282, %284 : tensor<2x16x32xf32>
    %286 = stablehlo.add %181, %285 : tensor<2x16x32xf32>
    %287 = chlo.square %286 : tensor<2x16x32xf32> -> tensor<2x16x32xf32>
    %cst_73 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %288 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %289 = stablehlo.multiply %288, %286 : tensor<2x16x32xf32>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %290 = stablehlo.reduce(%286 init: %cst_74) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_75 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %292 = stablehlo.divide %290, %291 : tensor<2x16xf32>
    %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %293 = stablehlo.reduce(%287 init: %cst_76) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_77 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %294 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %295 = stablehlo.divide %293, %294 : tensor<2x16xf32>
    %296 = chlo.square %292 : tensor<2x16xf32> -> tensor<2x16xf32>
    %cst_78 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %297 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %298 = stablehlo.multiply %297, %292 : tensor<2x16xf32>
    %299 = stablehlo.subtract %295, %296 : tensor<2x16xf32>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %300 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %301 = stablehlo.maximum %300, %299 : tensor<2x16xf32>
    %cst_80 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %302 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %303 = stablehlo.compare GT, %299, %302, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_81 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %304 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %305 = stablehlo.compare EQ, %299, %304, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_82 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %306 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_83 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %307 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_84 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %308 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %309 = stablehlo.select %305, %308, %307 : tensor<2x16xi1>, tensor<2x16xf32>
    %310 = stablehlo.select %303, %306, %309 : tensor<2x16xi1>, tensor<2x16xf32>
    %311 = stablehlo.broadcast_in_dim %292, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %312 = stablehlo.broadcast_in_dim %301, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %313 = stablehlo.broadcast_in_dim %311, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %314 = stablehlo.subtract %286, %313 : tensor<2x16x32xf32>
    %cst_85 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %315 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %316 = stablehlo.add %312, %315 : tensor<2x16x1xf32>
    %317 = stablehlo.rsqrt %316 : tensor<2x16x1xf32>
    %318 = stablehlo.divide %317, %316 : tensor<2x16x1xf32>
    %cst_86 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %319 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %320 = stablehlo.multiply %319, %318 : tensor<2x16x1xf32>
    %321 = stablehlo.reshape %arg23 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %322 = stablehlo.broadcast_in_dim %317, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %323 = stablehlo.broadcast_in_dim %321, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %324 = stablehlo.multiply %322, %323 : tensor<2x16x32xf32>
    %325 = stablehlo.multiply %314, %324 : tensor<2x16x32xf32>
    %326 = stablehlo.reshape %arg22 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %327 = stablehlo.broadcast_in_dim %326, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %328 = stablehlo.add %325, %327 : tensor<2x16x32xf32>
    %329 = stablehlo.dot_general %328, %arg19, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x128xf32>) -> tensor<2x16x128xf32>
    %330 = stablehlo.reshape %arg18 : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %331 = stablehlo.broadcast_in_dim %330, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<2x16x128xf32>
    %332 = stablehlo.add %329, %331 : tensor<2x16x128xf32>
    %333 = stablehlo.multiply %332, %332 : tensor<2x16x128xf32>
    %334 = stablehlo.multiply %333, %332 : tensor<2x16x128xf32>
    %335 = stablehlo.multiply %332, %332 : tensor<2x16x128xf32>
    %cst_87 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %336 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %337 = stablehlo.multiply %336, %335 : tensor<2x16x128xf32>
    %cst_88 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %339 = stablehlo.multiply %338, %334 : tensor<2x16x128xf32>
    %340 = stablehlo.add %332, %339 : tensor<2x16x128xf32>
    %cst_89 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %341 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %342 = stablehlo.multiply %341, %340 : tensor<2x16x128xf32>
    %343 = stablehlo.tanh %342 : tensor<2x16x128xf32>
    %cst_90 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %344 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %345 = stablehlo.add %344, %343 : tensor<2x16x128xf32>
    %cst_91 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %346 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %347 = stablehlo.subtract %346, %343 : tensor<2x16x128xf32>
    %348 = stablehlo.multiply %345, %347 : tensor<2x16x128xf32>
    %cst_92 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %349 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %350 = stablehlo.add %349, %343 : tensor<2x16x128xf32>
    %cst_93 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %351 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %352 = stablehlo.multiply %351, %350 : tensor<2x16x128xf32>
    %353 = stablehlo.multiply %332, %352 : tensor<2x16x128xf32>
    %354 = stablehlo.dot_general %353, %arg17, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<128x32xf32>) -> tensor<2x16x32xf32>
    %355 = stablehlo.reshape %arg16 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %356 = stablehlo.broadcast_in_dim %355, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %357 = stablehlo.add %354, %356 : tensor<2x16x32xf32>
    %358 = stablehlo.add %286, %357 : tensor<2x16x32xf32>
    %359 = chlo.square %358 : tensor<2x16x32xf32> -> tensor<2x16x32xf32>
    %cst_94 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %360 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %361 = stablehlo.multiply %360, %358 : tensor<2x16x32xf32>
    %cst_95 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %362 = stablehlo.reduce(%358 init: %cst_95) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_96 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %363 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %364 = stablehlo.divide %362, %363 : tensor<2x16xf32>
    %cst_97 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %365 = stablehlo.reduce(%359 init: %cst_97) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_98 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %366 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %367 = stablehlo.divide %365, %366 : tensor<2x16xf32>
    %368 = chlo.square %364 : tensor<2x16xf32> -> tensor<2x16xf32>
    %cst_99 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %369 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %370 = stablehlo.multiply %369, %364 : tensor<2x16xf32>
    %371 = stablehlo.subtract %367, %368 : tensor<2x16xf32>
    %cst_100 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %372 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %373 = stablehlo.maximum %372, %371 : tensor<2x16xf32>
    %cst_101 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %374 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %375 = stablehlo.compare GT, %371, %374, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_102 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %376 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %377 = stablehlo.compare EQ, %371, %376, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_103 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %378 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_104 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %379 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_105 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %380 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %381 = stablehlo.select %377, %380, %379 : tensor<2x16xi1>, tensor<2x16xf32>
    %382 = stablehlo.select %375, %378, %381 : tensor<2x16xi1>, tensor<2x16xf32>
    %383 = stablehlo.broadcast_in_dim %364, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %384 = stablehlo.broadcast_in_dim %373, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %385 = stablehlo.broadcast_in_dim %383, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %386 = stablehlo.subtract %358, %385 : tensor<2x16x32xf32>
    %cst_106 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %387 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %388 = stablehlo.add %384, %387 : tensor<2x16x1xf32>
    %389 = stablehlo.rsqrt %388 : tensor<2x16x1xf32>
    %390 = stablehlo.divide %389, %388 : tensor<2x16x1xf32>
    %cst_107 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %391 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %392 = stablehlo.multiply %391, %390 : tensor<2x16x1xf32>
    %393 = stablehlo.reshape %arg34 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %394 = stablehlo.broadcast_in_dim %389, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %395 = stablehlo.broadcast_in_dim %393, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %396 = stablehlo.multiply %394, %395 : tensor<2x16x32xf32>
    %397 = stablehlo.multiply %386, %396 : tensor<2x16x32xf32>
    %398 = stablehlo.reshape %arg33 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %399 = stablehlo.broadcast_in_dim %398, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %400 = stablehlo.add %397, %399 : tensor<2x16x32xf32>
    %401 = stablehlo.transpose %arg32, dims = [1, 0] : (tensor<128x32xf32>) -> tensor<32x128xf32>
    %402 = stablehlo.dot_general %400, %401, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x128xf32>) -> tensor<2x16x128xf32>
    %403 = stablehlo.slice %arg109 [0:2, 1:17] : (tensor<2x17xi32>) -> tensor<2x16xi32>
    %404 = stablehlo.broadcast_in_dim %403, dims = [0, 1] : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %405:2 = call @take_along_axis(%402, %404) : (tensor<2x16x128xf32>, tensor<2x16x1xi32>) -> (tensor<2x16x1xf32>, tensor<2x16x1x1xi32>)
    %c_108 = stablehlo.constant dense<0> : tensor<i32>
    %406:2 = call @_take_1(%405#0, %c_108) : (tensor<2x16x1xf32>, tensor<i32>) -> (tensor<2x16xf32>, tensor<1xi32>)
    %cst_109 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %407 = stablehlo.reduce(%402 init: %cst_109) applies stablehlo.maximum across dimensions = [2] : (tensor<2x16x128xf32>, tensor<f32>) -> tensor<2x16xf32>
    %408 = stablehlo.reshape %407 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %409 = stablehlo.broadcast_in_dim %408, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x128xf32>
    %410 = stablehlo.compare EQ, %402, %409, FLOAT : (tensor<2x16x128xf32>, tensor<2x16x128xf32>) -> tensor<2x16x128xi1>
    %411 = stablehlo.convert %410 : (tensor<2x16x128xi1>) -> tensor<2x16x128xf32>
    %cst_110 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %412 = stablehlo.reduce(%411 init: %cst_110) applies stablehlo.add across dimensions = [2] : (tensor<2x16x128xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_111 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %413 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %414 = stablehlo.maximum %413, %407 : tensor<2x16xf32>
    %cst_112 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %415 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %416 = stablehlo.compare GT, %407, %415, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_113 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %417 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %418 = stablehlo.compare EQ, %407, %417, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_114 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %419 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_115 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %420 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_116 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %421 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %422 = stablehlo.select %418, %421, %420 : tensor<2x16xi1>, tensor<2x16xf32>
    %423 = stablehlo.select %416, %419, %422 : tensor<2x16xi1>, tensor<2x16xf32>
    %424 = stablehlo.is_finite %414 : (tensor<2x16xf32>) -> tensor<2x16xi1>
    %cst_117 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %425 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %426 = stablehlo.select %424, %414, %425 : tensor<2x16xi1>, tensor<2x16xf32>
    %cst_118 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %427 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %428 = stablehlo.broadcast_in_dim %426, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %429 = stablehlo.broadcast_in_dim %428, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x128xf32>
    %430 = stablehlo.subtract %402, %429 : tensor<2x16x128xf32>
    %431 = stablehlo.exponential %430 : tensor<2x16x128xf32>
    %cst_119 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %432 = stablehlo.reduce(%431 init: %cst_119) applies stablehlo.add across dimensions = [2] : (tensor<2x16x128xf32>, tensor<f32>) -> tensor<2x16xf32>
    %433 = stablehlo.sign %432 : tensor<2x16xf32>
    %434 = stablehlo.abs %432 : tensor<2x16xf32>
    %cst_120 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %435 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %436 = stablehlo.compare GE, %432, %435, FLOAT : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xi1>
    %437 = stablehlo.log %434 : tensor<2x16xf32>
    %438 = stablehlo.add %437, %426 : tensor<2x16xf32>
    %439 = stablehlo.subtract %438, %406#0 : tensor<2x16xf32>
    %cst_121 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %440 = stablehlo.reduce(%439 init: %cst_121) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16xf32>, tensor<f32>) -> tensor<f32>
    %cst_122 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %441 = stablehlo.divide %440, %cst_122 : tensor<f32>
    %cst_123 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_124 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %442 = stablehlo.divide %cst_123, %cst_124 : tensor<f32>
    %443 = stablehlo.broadcast_in_dim %442, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %444 = stablehlo.negate %443 : tensor<2x16xf32>
    %445 = stablehlo.divide %443, %434 : tensor<2x16xf32>
    %cst_125 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %446 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %447 = stablehlo.select %436, %446, %445 : tensor<2x16xi1>, tensor<2x16xf32>
    %448 = stablehlo.select %436, %445, %446 : tensor<2x16xi1>, tensor<2x16xf32>
    %449 = stablehlo.negate %447 : tensor<2x16xf32>
    %450 = stablehlo.add %448, %449 : tensor<2x16xf32>
    %451 = stablehlo.broadcast_in_dim %450, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x128xf32>
    %452 = stablehlo.multiply %451, %431 : tensor<2x16x128xf32>
    %453 = call @_take_3(%406#1, %444) : (tensor<1xi32>, tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %454 = call @take_along_axis_4(%405#1, %453) : (tensor<2x16x1x1xi32>, tensor<2x16x1xf32>) -> tensor<2x16x128xf32>
    %455 = stablehlo.add %452, %454 : tensor<2x16x128xf32>
    %456 = stablehlo.dot_general %455, %400, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<2x16x32xf32>) -> tensor<128x32xf32>
    %457 = stablehlo.transpose %456, dims = [1, 0] : (tensor<128x32xf32>) -> tensor<32x128xf32>
    %458 = stablehlo.dot_general %455, %401, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<32x128xf32>) -> tensor<2x16x32xf32>
    %459 = stablehlo.transpose %457, dims = [1, 0] : (tensor<32x128xf32>) -> tensor<128x32xf32>
    %cst_126 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %460 = stablehlo.reduce(%458 init: %cst_126) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %461 = stablehlo.reshape %460 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %462 = stablehlo.reshape %461 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %463 = stablehlo.multiply %386, %458 : tensor<2x16x32xf32>
    %464 = stablehlo.multiply %458, %396 : tensor<2x16x32xf32>
    %465 = stablehlo.broadcast_in_dim %389, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %466 = stablehlo.multiply %465, %463 : tensor<2x16x32xf32>
    %cst_127 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %467 = stablehlo.reduce(%466 init: %cst_127) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %468 = stablehlo.reshape %467 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %469 = stablehlo.broadcast_in_dim %393, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %470 = stablehlo.multiply %463, %469 : tensor<2x16x32xf32>
    %cst_128 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %471 = stablehlo.reduce(%470 init: %cst_128) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %472 = stablehlo.reshape %471 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %473 = stablehlo.reshape %468 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %474 = stablehlo.multiply %472, %392 : tensor<2x16x1xf32>
    %475 = stablehlo.negate %464 : tensor<2x16x32xf32>
    %cst_129 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %476 = stablehlo.reduce(%475 init: %cst_129) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %477 = stablehlo.reshape %476 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_130 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %478 = stablehlo.reduce(%474 init: %cst_130) applies stablehlo.add across dimensions = [2] : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_131 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %479 = stablehlo.reduce(%477 init: %cst_131) applies stablehlo.add across dimensions = [2] : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %480 = stablehlo.multiply %478, %382 : tensor<2x16xf32>
    %481 = stablehlo.negate %480 : tensor<2x16xf32>
    %482 = stablehlo.multiply %481, %370 : tensor<2x16xf32>
    %483 = stablehlo.add %479, %482 : tensor<2x16xf32>
    %cst_132 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %484 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %485 = stablehlo.divide %480, %484 : tensor<2x16xf32>
    %486 = stablehlo.broadcast_in_dim %485, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x32xf32>
    %cst_133 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %487 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %488 = stablehlo.divide %483, %487 : tensor<2x16xf32>
    %489 = stablehlo.broadcast_in_dim %488, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x32xf32>
    %490 = stablehlo.add %464, %489 : tensor<2x16x32xf32>
    %491 = stablehlo.multiply %486, %361 : tensor<2x16x32xf32>
    %492 = stablehlo.add %490, %491 : tensor<2x16x32xf32>
    %cst_134 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %493 = stablehlo.reduce(%492 init: %cst_134) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %494 = stablehlo.reshape %493 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %495 = stablehlo.reshape %494 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %496 = stablehlo.dot_general %492, %353, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<2x16x128xf32>) -> tensor<32x128xf32>
    %497 = stablehlo.transpose %496, dims = [1, 0] : (tensor<32x128xf32>) -> tensor<128x32xf32>
    %498 = stablehlo.dot_general %492, %arg17, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<128x32xf32>) -> tensor<2x16x128xf32>
    %499 = stablehlo.multiply %332, %498 : tensor<2x16x128xf32>
    %500 = stablehlo.multiply %498, %352 : tensor<2x16x128xf32>
    %cst_135 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %501 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %502 = stablehlo.multiply %501, %499 : tensor<2x16x128xf32>
    %503 = stablehlo.multiply %502, %348 : tensor<2x16x128xf32>
    %cst_136 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %504 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %505 = stablehlo.multiply %504, %503 : tensor<2x16x128xf32>
    %506 = stablehlo.add %500, %505 : tensor<2x16x128xf32>
    %cst_137 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %507 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %508 = stablehlo.multiply %507, %505 : tensor<2x16x128xf32>
    %509 = stablehlo.multiply %508, %337 : tensor<2x16x128xf32>
    %510 = stablehlo.add %506, %509 : tensor<2x16x128xf32>
    %cst_138 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %511 = stablehlo.reduce(%510 init: %cst_138) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x128xf32>, tensor<f32>) -> tensor<128xf32>
    %512 = stablehlo.reshape %511 : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %513 = stablehlo.reshape %512 : (tensor<1x1x128xf32>) -> tensor<128xf32>
    %514 = stablehlo.dot_general %510, %328, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<2x16x32xf32>) -> tensor<128x32xf32>
    %515 = stablehlo.transpose %514, dims = [1, 0] : (tensor<128x32xf32>) -> tensor<32x128xf32>
    %516 = stablehlo.dot_general %510, %arg19, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<32x128xf32>) -> tensor<2x16x32xf32>
    %cst_139 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %517 = stablehlo.reduce(%516 init: %cst_139) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %518 = stablehlo.reshape %517 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %519 = stablehlo.reshape %518 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %520 = stablehlo.multiply %314, %516 : tensor<2x16x32xf32>
    %521 = stablehlo.multiply %516, %324 : tensor<2x16x32xf32>
    %522 = stablehlo.broadcast_in_dim %317, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %523 = stablehlo.multiply %522, %520 : tensor<2x16x32xf32>
    %cst_140 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %524 = stablehlo.reduce(%523 init: %cst_140) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %525 = stablehlo.reshape %524 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %526 = stablehlo.broadcast_in_dim %321, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %527 = stablehlo.multiply %520, %526 : tensor<2x16x32xf32>
    %cst_141 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %528 = stablehlo.reduce(%527 init: %cst_141) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %529 = stablehlo.reshape %528 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %530 = stablehlo.reshape %525 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %531 = stablehlo.multiply %529, %320 : tensor<2x16x1xf32>
    %532 = stablehlo.negate %521 : tensor<2x16x32xf32>
    %cst_142 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %533 = stablehlo.reduce(%532 init: %cst_142) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %534 = stablehlo.reshape %533 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %535 = stablehlo.add %492, %521 : tensor<2x16x32xf32>
    %cst_143 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %536 = stablehlo.reduce(%531 init: %cst_143) applies stablehlo.add across dimensions = [2] : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_144 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %537 = stablehlo.reduce(%534 init: %cst_144) applies stablehlo.add across dimensions = [2] : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %538 = stablehlo.multiply %536, %310 : tensor<2x16xf32>
    %539 = stablehlo.negate %538 : tensor<2x16xf32>
    %540 = stablehlo.multiply %539, %298 : tensor<2x16xf32>
    %541 = stablehlo.add %537, %540 : tensor<2x16xf32>
    %cst_145 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %542 = stablehlo.broadcast_in_dim %cst_145, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %543 = stablehlo.divide %538, %542 : tensor<2x16xf32>
    %544 = stablehlo.broadcast_in_dim %543, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x32xf32>
    %cst_146 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %545 = stablehlo.broadcast_in_dim %cst_146, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %546 = stablehlo.divide %541, %545 : tensor<2x16xf32>
    %547 = stablehlo.broadcast_in_dim %546, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x32xf32>
    %548 = stablehlo.add %535, %547 : tensor<2x16x32xf32>
    %549 = stablehlo.multiply %544, %289 : tensor<2x16x32xf32>
    %550 = stablehlo.add %548, %549 : tensor<2x16x32xf32>
    %cst_147 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %551 = stablehlo.reduce(%550 init: %cst_147) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %552 = stablehlo.reshape %551 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %553 = stablehlo.reshape %552 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %554 = stablehlo.dot_general %550, %281, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<2x16x4x8xf32>) -> tensor<32x4x8xf32>
    %555 = stablehlo.transpose %554, dims = [1, 2, 0] : (tensor<32x4x8xf32>) -> tensor<4x8x32xf32>
    %556 = stablehlo.dot_general %550, %arg27, contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<4x8x32xf32>) -> tensor<2x16x4x8xf32>
    %557 = stablehlo.transpose %556, dims = [0, 2, 3, 1] : (tensor<2x16x4x8xf32>) -> tensor<2x4x8x16xf32>
    %558 = stablehlo.dot_general %557, %245, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8x16xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x16xf32>
    %559 = stablehlo.dot_general %557, %276, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x8x16xf32>
    %560 = stablehlo.transpose %559, dims = [0, 3, 1, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x16x4x8xf32>
    %561 = stablehlo.broadcast_in_dim %279, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %562 = stablehlo.multiply %558, %561 : tensor<2x4x16x16xf32>
    %563 = stablehlo.multiply %562, %272 : tensor<2x4x16x16xf32>
    %cst_148 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %564 = stablehlo.reduce(%563 init: %cst_148) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %565 = stablehlo.reshape %564 : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %566 = stablehlo.negate %565 : tensor<2x4x16x1xf32>
    %567 = stablehlo.broadcast_in_dim %274, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %568 = stablehlo.divide %558, %567 : tensor<2x4x16x16xf32>
    %cst_149 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %569 = stablehlo.reduce(%566 init: %cst_149) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x1xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %570 = stablehlo.broadcast_in_dim %569, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x16xf32>
    %571 = stablehlo.add %568, %570 : tensor<2x4x16x16xf32>
    %572 = stablehlo.multiply %571, %272 : tensor<2x4x16x16xf32>
    %573 = call @_where_5(%251#1, %251#2, %572) : (tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %574 = stablehlo.dot_general %573, %249, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x16xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x8xf32>
    %575 = stablehlo.transpose %574, dims = [0, 2, 1, 3] : (tensor<2x4x16x8xf32>) -> tensor<2x16x4x8xf32>
    %576 = stablehlo.dot_general %573, %241, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x16xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x8xf32>
    %577 = stablehlo.transpose %576, dims = [0, 2, 1, 3] : (tensor<2x4x16x8xf32>) -> tensor<2x16x4x8xf32>
    %578 = stablehlo.broadcast_in_dim %247, dims = [] : (tensor<f32>) -> tensor<2x16x4x8xf32>
    %579 = stablehlo.divide %577, %578 : tensor<2x16x4x8xf32>
    %cst_150 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %580 = stablehlo.reduce(%560 init: %cst_150) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %581 = stablehlo.reshape %580 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %582 = stablehlo.reshape %581 : (tensor<1x1x4x8xf32>) -> tensor<4x8xf32>
    %583 = stablehlo.dot_general %560, %233, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x32xf32>) -> tensor<4x8x32xf32>
    %584 = stablehlo.transpose %583, dims = [2, 0, 1] : (tensor<4x8x32xf32>) -> tensor<32x4x8xf32>
    %585 = stablehlo.dot_general %560, %arg31, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<32x4x8xf32>) -> tensor<2x16x32xf32>
    %cst_151 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %586 = stablehlo.reduce(%575 init: %cst_151) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %587 = stablehlo.reshape %586 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %588 = stablehlo.reshape %587 : (tensor<1x1x4x8xf32>) -> tensor<4x8xf32>
    %589 = stablehlo.dot_general %575, %233, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x32xf32>) -> tensor<4x8x32xf32>
    %590 = stablehlo.transpose %589, dims = [2, 0, 1] : (tensor<4x8x32xf32>) -> tensor<32x4x8xf32>
    %591 = stablehlo.dot_general %575, %arg25, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<32x4x8xf32>) -> tensor<2x16x32xf32>
    %592 = stablehlo.add %585, %591 : tensor<2x16x32xf32>
    %cst_152 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %593 = stablehlo.reduce(%579 init: %cst_152) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %594 = stablehlo.reshape %593 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %595 = stablehlo.reshape %594 : (tensor<1x1x4x8xf32>) -> tensor<4x8xf32>
    %596 = stablehlo.dot_general %579, %233, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x32xf32>) -> tensor<4x8x32xf32>
    %597 = stablehlo.transpose %596, dims = [2, 0, 1] : (tensor<4x8x32xf32>) -> tensor<32x4x8xf32>
    %598 = stablehlo.dot_general %579, %arg29, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<32x4x8xf32>) -> tensor<2x16x32xf32>
    %599 = stablehlo.add %592, %598 : tensor<2x16x32xf32>
    %cst_153 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %600 = stablehlo.reduce(%599 init: %cst_153) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %601 = stablehlo.reshape %600 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %602 = stablehlo.reshape %601 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %603 = stablehlo.multiply %219, %599 : tensor<2x16x32xf32>
    %604 = stablehlo.multiply %599, %229 : tensor<2x16x32xf32>
    %605 = stablehlo.broadcast_in_dim %222, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %606 = stablehlo.multiply %605, %603 : tensor<2x16x32xf32>
    %cst_154 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %607 = stablehlo.reduce(%606 init: %cst_154) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %608 = stablehlo.reshape %607 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %609 = stablehlo.broadcast_in_dim %226, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %610 = stablehlo.multiply %603, %609 : tensor<2x16x32xf32>
    %cst_155 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %611 = stablehlo.reduce(%610 init: %cst_155) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %612 = stablehlo.reshape %611 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %613 = stablehlo.reshape %608 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %614 = stablehlo.multiply %612, %225 : tensor<2x16x1xf32>
    %615 = stablehlo.negate %604 : tensor<2x16x32xf32>
    %cst_156 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %616 = stablehlo.reduce(%615 init: %cst_156) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %617 = stablehlo.reshape %616 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %618 = stablehlo.add %550, %604 : tensor<2x16x32xf32>
    %cst_157 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %619 = stablehlo.reduce(%614 init: %cst_157) applies stablehlo.add across dimensions = [2] : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_158 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %620 = stablehlo.reduce(%617 init: %cst_158) applies stablehlo.add across dimensions = [2] : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %621 = stablehlo.multiply %619, %215 : tensor<2x16xf32>
    %622 = stablehlo.negate %621 : tensor<2x16xf32>
    %623 = stablehlo.multiply %622, %203 : tensor<2x16xf32>
    %624 = stablehlo.add %620, %623 : tensor<2x16xf32>
    %cst_159 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %625 = stablehlo.broadcast_in_dim %cst_159, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %626 = stablehlo.divide %621, %625 : tensor<2x16xf32>
    %627 = stablehlo.broadcast_in_dim %626, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x32xf32>
    %cst_160 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %628 = stablehlo.broadcast_in_dim %cst_160, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %629 = stablehlo.divide %624, %628 : tensor<2x16xf32>
    %630 = stablehlo.broadcast_in_dim %629, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x32xf32>
    %631 = stablehlo.add %618, %630 : tensor<2x16x32xf32>
    %632 = stablehlo.multiply %627, %194 : tensor<2x16x32xf32>
    %633 = stablehlo.add %631, %632 : tensor<2x16x32xf32>
    %cst_161 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %634 = stablehlo.reduce(%633 init: %cst_161) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %635 = stablehlo.reshape %634 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %636 = stablehlo.reshape %635 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %637 = stablehlo.dot_general %633, %176, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<2x16x128xf32>) -> tensor<32x128xf32>
    %638 = stablehlo.transpose %637, dims = [1, 0] : (tensor<32x128xf32>) -> tensor<128x32xf32>
    %639 = stablehlo.dot_general %633, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<128x32xf32>) -> tensor<2x16x128xf32>
    %640 = stablehlo.multiply %155, %639 : tensor<2x16x128xf32>
    %641 = stablehlo.multiply %639, %175 : tensor<2x16x128xf32>
    %cst_162 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %642 = stablehlo.broadcast_in_dim %cst_162, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %643 = stablehlo.multiply %642, %640 : tensor<2x16x128xf32>
    %644 = stablehlo.multiply %643, %171 : tensor<2x16x128xf32>
    %cst_163 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %645 = stablehlo.broadcast_in_dim %cst_163, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %646 = stablehlo.multiply %645, %644 : tensor<2x16x128xf32>
    %647 = stablehlo.add %641, %646 : tensor<2x16x128xf32>
    %cst_164 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %648 = stablehlo.broadcast_in_dim %cst_164, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %649 = stablehlo.multiply %648, %646 : tensor<2x16x128xf32>
    %650 = stablehlo.multiply %649, %160 : tensor<2x16x128xf32>
    %651 = stablehlo.add %647, %650 : tensor<2x16x128xf32>
    %cst_165 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %652 = stablehlo.reduce(%651 init: %cst_165) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x128xf32>, tensor<f32>) -> tensor<128xf32>
    %653 = stablehlo.reshape %652 : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %654 = stablehlo.reshape %653 : (tensor<1x1x128xf32>) -> tensor<128xf32>
    %655 = stablehlo.dot_general %651, %151, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<2x16x32xf32>) -> tensor<128x32xf32>
    %656 = stablehlo.transpose %655, dims = [1, 0] : (tensor<128x32xf32>) -> tensor<32x128xf32>
    %657 = stablehlo.dot_general %651, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<32x128xf32>) -> tensor<2x16x32xf32>
    %cst_166 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %658 = stablehlo.reduce(%657 init: %cst_166) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %659 = stablehlo.reshape %658 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %660 = stablehlo.reshape %659 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %661 = stablehlo.multiply %137, %657 : tensor<2x16x32xf32>
    %662 = stablehlo.multiply %657, %147 : tensor<2x16x32xf32>
    %663 = stablehlo.broadcast_in_dim %140, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %664 = stablehlo.multiply %663, %661 : tensor<2x16x32xf32>
    %cst_167 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %665 = stablehlo.reduce(%664 init: %cst_167) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %666 = stablehlo.reshape %665 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %667 = stablehlo.broadcast_in_dim %144, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %668 = stablehlo.multiply %661, %667 : tensor<2x16x32xf32>
    %cst_168 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %669 = stablehlo.reduce(%668 init: %cst_168) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %670 = stablehlo.reshape %669 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %671 = stablehlo.reshape %666 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %672 = stablehlo.multiply %670, %143 : tensor<2x16x1xf32>
    %673 = stablehlo.negate %662 : tensor<2x16x32xf32>
    %cst_169 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %674 = stablehlo.reduce(%673 init: %cst_169) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %675 = stablehlo.reshape %674 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %676 = stablehlo.add %633, %662 : tensor<2x16x32xf32>
    %cst_170 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %677 = stablehlo.reduce(%672 init: %cst_170) applies stablehlo.add across dimensions = [2] : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_171 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %678 = stablehlo.reduce(%675 init: %cst_171) applies stablehlo.add across dimensions = [2] : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %679 = stablehlo.multiply %677, %133 : tensor<2x16xf32>
    %680 = stablehlo.negate %679 : tensor<2x16xf32>
    %681 = stablehlo.multiply %680, %121 : tensor<2x16xf32>
    %682 = stablehlo.add %678, %681 : tensor<2x16xf32>
    %cst_172 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %683 = stablehlo.broadcast_in_dim %cst_172, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %684 = stablehlo.divide %679, %683 : tensor<2x16xf32>
    %685 = stablehlo.broadcast_in_dim %684, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x32xf32>
    %cst_173 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %686 = stablehlo.broadcast_in_dim %cst_173, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %687 = stablehlo.divide %682, %686 : tensor<2x16xf32>
    %688 = stablehlo.broadcast_in_dim %687, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x32xf32>
    %689 = stablehlo.add %676, %688 : tensor<2x16x32xf32>
    %690 = stablehlo.multiply %685, %112 : tensor<2x16x32xf32>
    %691 = stablehlo.add %689, %690 : tensor<2x16x32xf32>
    %cst_174 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %692 = stablehlo.reduce(%691 init: %cst_174) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %693 = stablehlo.reshape %692 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %694 = stablehlo.reshape %693 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %695 = stablehlo.dot_general %691, %104, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<2x16x4x8xf32>) -> tensor<32x4x8xf32>
    %696 = stablehlo.transpose %695, dims = [1, 2, 0] : (tensor<32x4x8xf32>) -> tensor<4x8x32xf32>
    %697 = stablehlo.dot_general %691, %arg11, contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<4x8x32xf32>) -> tensor<2x16x4x8xf32>
    %698 = stablehlo.transpose %697, dims = [0, 2, 3, 1] : (tensor<2x16x4x8xf32>) -> tensor<2x4x8x16xf32>
    %699 = stablehlo.dot_general %698, %68, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8x16xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x16xf32>
    %700 = stablehlo.dot_general %698, %99, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x8x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x8x16xf32>
    %701 = stablehlo.transpose %700, dims = [0, 3, 1, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x16x4x8xf32>
    %702 = stablehlo.broadcast_in_dim %102, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %703 = stablehlo.multiply %699, %702 : tensor<2x4x16x16xf32>
    %704 = stablehlo.multiply %703, %95 : tensor<2x4x16x16xf32>
    %cst_175 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %705 = stablehlo.reduce(%704 init: %cst_175) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %706 = stablehlo.reshape %705 : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %707 = stablehlo.negate %706 : tensor<2x4x16x1xf32>
    %708 = stablehlo.broadcast_in_dim %97, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %709 = stablehlo.divide %699, %708 : tensor<2x4x16x16xf32>
    %cst_176 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %710 = stablehlo.reduce(%707 init: %cst_176) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x1xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %711 = stablehlo.broadcast_in_dim %710, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x16xf32>
    %712 = stablehlo.add %709, %711 : tensor<2x4x16x16xf32>
    %713 = stablehlo.multiply %712, %95 : tensor<2x4x16x16xf32>
    %714 = call @_where_5(%74#1, %74#2, %713) : (tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %715 = stablehlo.dot_general %714, %72, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x16xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x8xf32>
    %716 = stablehlo.transpose %715, dims = [0, 2, 1, 3] : (tensor<2x4x16x8xf32>) -> tensor<2x16x4x8xf32>
    %717 = stablehlo.dot_general %714, %64, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x16x16xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x8xf32>
    %718 = stablehlo.transpose %717, dims = [0, 2, 1, 3] : (tensor<2x4x16x8xf32>) -> tensor<2x16x4x8xf32>
    %719 = stablehlo.broadcast_in_dim %70, dims = [] : (tensor<f32>) -> tensor<2x16x4x8xf32>
    %720 = stablehlo.divide %718, %719 : tensor<2x16x4x8xf32>
    %cst_177 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %721 = stablehlo.reduce(%701 init: %cst_177) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %722 = stablehlo.reshape %721 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %723 = stablehlo.reshape %722 : (tensor<1x1x4x8xf32>) -> tensor<4x8xf32>
    %724 = stablehlo.dot_general %701, %56, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x32xf32>) -> tensor<4x8x32xf32>
    %725 = stablehlo.transpose %724, dims = [2, 0, 1] : (tensor<4x8x32xf32>) -> tensor<32x4x8xf32>
    %726 = stablehlo.dot_general %701, %arg15, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<32x4x8xf32>) -> tensor<2x16x32xf32>
    %cst_178 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %727 = stablehlo.reduce(%716 init: %cst_178) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %728 = stablehlo.reshape %727 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %729 = stablehlo.reshape %728 : (tensor<1x1x4x8xf32>) -> tensor<4x8xf32>
    %730 = stablehlo.dot_general %716, %56, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x32xf32>) -> tensor<4x8x32xf32>
    %731 = stablehlo.transpose %730, dims = [2, 0, 1] : (tensor<4x8x32xf32>) -> tensor<32x4x8xf32>
    %732 = stablehlo.dot_general %716, %arg9, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<32x4x8xf32>) -> tensor<2x16x32xf32>
    %733 = stablehlo.add %726, %732 : tensor<2x16x32xf32>
    %cst_179 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %734 = stablehlo.reduce(%720 init: %cst_179) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %735 = stablehlo.reshape %734 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %736 = stablehlo.reshape %735 : (tensor<1x1x4x8xf32>) -> tensor<4x8xf32>
    %737 = stablehlo.dot_general %720, %56, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x32xf32>) -> tensor<4x8x32xf32>
    %738 = stablehlo.transpose %737, dims = [2, 0, 1] : (tensor<4x8x32xf32>) -> tensor<32x4x8xf32>
    %739 = stablehlo.dot_general %720, %arg13, contracting_dims = [2, 3] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<32x4x8xf32>) -> tensor<2x16x32xf32>
    %740 = stablehlo.add %733, %739 : tensor<2x16x32xf32>
    %cst_180 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %741 = stablehlo.reduce(%740 init: %cst_180) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %742 = stablehlo.reshape %741 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %743 = stablehlo.reshape %742 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %744 = stablehlo.multiply %42, %740 : tensor<2x16x32xf32>
    %745 = stablehlo.multiply %740, %52 : tensor<2x16x32xf32>
    %746 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %747 = stablehlo.multiply %746, %744 : tensor<2x16x32xf32>
    %cst_181 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %748 = stablehlo.reduce(%747 init: %cst_181) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<32xf32>
    %749 = stablehlo.reshape %748 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %750 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %751 = stablehlo.multiply %744, %750 : tensor<2x16x32xf32>
    %cst_182 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %752 = stablehlo.reduce(%751 init: %cst_182) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %753 = stablehlo.reshape %752 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %754 = stablehlo.reshape %749 : (tensor<1x1x32xf32>) -> tensor<32xf32>
    %755 = stablehlo.multiply %753, %48 : tensor<2x16x1xf32>
    %756 = stablehlo.negate %745 : tensor<2x16x32xf32>
    %cst_183 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %757 = stablehlo.reduce(%756 init: %cst_183) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %758 = stablehlo.reshape %757 : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %759 = stablehlo.add %691, %745 : tensor<2x16x32xf32>
    %cst_184 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %760 = stablehlo.reduce(%755 init: %cst_184) applies stablehlo.add across dimensions = [2] : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_185 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %761 = stablehlo.reduce(%758 init: %cst_185) applies stablehlo.add across dimensions = [2] : (tensor<2x16x1xf32>, tensor<f32>) -> tensor<2x16xf32>
    %762 = stablehlo.multiply %760, %38 : tensor<2x16xf32>
    %763 = stablehlo.negate %762 : tensor<2x16xf32>
    %764 = stablehlo.multiply %763, %26 : tensor<2x16xf32>
    %765 = stablehlo.add %761, %764 : tensor<2x16xf32>
    %cst_186 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %766 = stablehlo.broadcast_in_dim %cst_186, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %767 = stablehlo.divide %762, %766 : tensor<2x16xf32>
    %768 = stablehlo.broadcast_in_dim %767, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x32xf32>
    %cst_187 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %769 = stablehlo.broadcast_in_dim %cst_187, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %770 = stablehlo.divide %765, %769 : tensor<2x16xf32>
    %771 = stablehlo.broadcast_in_dim %770, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x32xf32>
    %772 = stablehlo.add %759, %771 : tensor<2x16x32xf32>
    %773 = stablehlo.multiply %768, %17 : tensor<2x16x32xf32>
    %774 = stablehlo.add %772, %773 : tensor<2x16x32xf32>
    %cst_188 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %775 = stablehlo.reduce(%774 init: %cst_188) applies stablehlo.add across dimensions = [0] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<16x32xf32>
    %776 = stablehlo.reshape %775 : (tensor<16x32xf32>) -> tensor<1x16x32xf32>
    %cst_189 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %777 = stablehlo.reduce(%776 init: %cst_189) applies stablehlo.add across dimensions = [0] : (tensor<1x16x32xf32>, tensor<f32>) -> tensor<16x32xf32>
    %778 = call @_take_6(%1#1, %774) : (tensor<2x16x1xi32>, tensor<2x16x32xf32>) -> tensor<128x32xf32>
    %779 = stablehlo.add %459, %778 : tensor<128x32xf32>
    %cst_190 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %780 = stablehlo.broadcast_in_dim %cst_190, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %781 = stablehlo.multiply %780, %636 : tensor<32xf32>
    %cst_191 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %782 = stablehlo.broadcast_in_dim %cst_191, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %783 = stablehlo.multiply %782, %arg37 : tensor<32xf32>
    %784 = stablehlo.add %781, %783 : tensor<32xf32>
    %cst_192 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %785 = stablehlo.broadcast_in_dim %cst_192, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %786 = stablehlo.multiply %785, %638 : tensor<128x32xf32>
    %cst_193 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %787 = stablehlo.broadcast_in_dim %cst_193, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %788 = stablehlo.multiply %787, %arg38 : tensor<128x32xf32>
    %789 = stablehlo.add %786, %788 : tensor<128x32xf32>
    %cst_194 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %790 = stablehlo.broadcast_in_dim %cst_194, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %791 = stablehlo.multiply %790, %654 : tensor<128xf32>
    %cst_195 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %792 = stablehlo.broadcast_in_dim %cst_195, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %793 = stablehlo.multiply %792, %arg39 : tensor<128xf32>
    %794 = stablehlo.add %791, %793 : tensor<128xf32>
    %cst_196 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %795 = stablehlo.broadcast_in_dim %cst_196, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %796 = stablehlo.multiply %795, %656 : tensor<32x128xf32>
    %cst_197 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %797 = stablehlo.broadcast_in_dim %cst_197, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %798 = stablehlo.multiply %797, %arg40 : tensor<32x128xf32>
    %799 = stablehlo.add %796, %798 : tensor<32x128xf32>
    %cst_198 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %800 = stablehlo.broadcast_in_dim %cst_198, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %801 = stablehlo.multiply %800, %743 : tensor<32xf32>
    %cst_199 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %802 = stablehlo.broadcast_in_dim %cst_199, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %803 = stablehlo.multiply %802, %arg41 : tensor<32xf32>
    %804 = stablehlo.add %801, %803 : tensor<32xf32>
    %cst_200 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %805 = stablehlo.broadcast_in_dim %cst_200, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %806 = stablehlo.multiply %805, %754 : tensor<32xf32>
    %cst_201 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %807 = stablehlo.broadcast_in_dim %cst_201, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %808 = stablehlo.multiply %807, %arg42 : tensor<32xf32>
    %809 = stablehlo.add %806, %808 : tensor<32xf32>
    %cst_202 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %810 = stablehlo.broadcast_in_dim %cst_202, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %811 = stablehlo.multiply %810, %660 : tensor<32xf32>
    %cst_203 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %812 = stablehlo.broadcast_in_dim %cst_203, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %813 = stablehlo.multiply %812, %arg43 : tensor<32xf32>
    %814 = stablehlo.add %811, %813 : tensor<32xf32>
    %cst_204 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %815 = stablehlo.broadcast_in_dim %cst_204, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %816 = stablehlo.multiply %815, %671 : tensor<32xf32>
    %cst_205 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %817 = stablehlo.broadcast_in_dim %cst_205, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %818 = stablehlo.multiply %817, %arg44 : tensor<32xf32>
    %819 = stablehlo.add %816, %818 : tensor<32xf32>
    %cst_206 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %820 = stablehlo.broadcast_in_dim %cst_206, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %821 = stablehlo.multiply %820, %729 : tensor<4x8xf32>
    %cst_207 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %822 = stablehlo.broadcast_in_dim %cst_207, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %823 = stablehlo.multiply %822, %arg45 : tensor<4x8xf32>
    %824 = stablehlo.add %821, %823 : tensor<4x8xf32>
    %cst_208 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %825 = stablehlo.broadcast_in_dim %cst_208, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %826 = stablehlo.multiply %825, %731 : tensor<32x4x8xf32>
    %cst_209 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %827 = stablehlo.broadcast_in_dim %cst_209, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %828 = stablehlo.multiply %827, %arg46 : tensor<32x4x8xf32>
    %829 = stablehlo.add %826, %828 : tensor<32x4x8xf32>
    %cst_210 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %830 = stablehlo.broadcast_in_dim %cst_210, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %831 = stablehlo.multiply %830, %694 : tensor<32xf32>
    %cst_211 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %832 = stablehlo.broadcast_in_dim %cst_211, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %833 = stablehlo.multiply %832, %arg47 : tensor<32xf32>
    %834 = stablehlo.add %831, %833 : tensor<32xf32>
    %cst_212 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %835 = stablehlo.broadcast_in_dim %cst_212, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %836 = stablehlo.multiply %835, %696 : tensor<4x8x32xf32>
    %cst_213 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %837 = stablehlo.broadcast_in_dim %cst_213, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %838 = stablehlo.multiply %837, %arg48 : tensor<4x8x32xf32>
    %839 = stablehlo.add %836, %838 : tensor<4x8x32xf32>
    %cst_214 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %840 = stablehlo.broadcast_in_dim %cst_214, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %841 = stablehlo.multiply %840, %736 : tensor<4x8xf32>
    %cst_215 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %842 = stablehlo.broadcast_in_dim %cst_215, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %843 = stablehlo.multiply %842, %arg49 : tensor<4x8xf32>
    %844 = stablehlo.add %841, %843 : tensor<4x8xf32>
    %cst_216 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %845 = stablehlo.broadcast_in_dim %cst_216, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %846 = stablehlo.multiply %845, %738 : tensor<32x4x8xf32>
    %cst_217 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %847 = stablehlo.broadcast_in_dim %cst_217, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %848 = stablehlo.multiply %847, %arg50 : tensor<32x4x8xf32>
    %849 = stablehlo.add %846, %848 : tensor<32x4x8xf32>
    %cst_218 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %850 = stablehlo.broadcast_in_dim %cst_218, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %851 = stablehlo.multiply %850, %723 : tensor<4x8xf32>
    %cst_219 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %852 = stablehlo.broadcast_in_dim %cst_219, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %853 = stablehlo.multiply %852, %arg51 : tensor<4x8xf32>
    %854 = stablehlo.add %851, %853 : tensor<4x8xf32>
    %cst_220 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %855 = stablehlo.broadcast_in_dim %cst_220, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %856 = stablehlo.multiply %855, %725 : tensor<32x4x8xf32>
    %cst_221 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %857 = stablehlo.broadcast_in_dim %cst_221, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %858 = stablehlo.multiply %857, %arg52 : tensor<32x4x8xf32>
    %859 = stablehlo.add %856, %858 : tensor<32x4x8xf32>
    %cst_222 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %860 = stablehlo.broadcast_in_dim %cst_222, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %861 = stablehlo.multiply %860, %495 : tensor<32xf32>
    %cst_223 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %862 = stablehlo.broadcast_in_dim %cst_223, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %863 = stablehlo.multiply %862, %arg53 : tensor<32xf32>
    %864 = stablehlo.add %861, %863 : tensor<32xf32>
    %cst_224 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %865 = stablehlo.broadcast_in_dim %cst_224, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %866 = stablehlo.multiply %865, %497 : tensor<128x32xf32>
    %cst_225 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %867 = stablehlo.broadcast_in_dim %cst_225, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %868 = stablehlo.multiply %867, %arg54 : tensor<128x32xf32>
    %869 = stablehlo.add %866, %868 : tensor<128x32xf32>
    %cst_226 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %870 = stablehlo.broadcast_in_dim %cst_226, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %871 = stablehlo.multiply %870, %513 : tensor<128xf32>
    %cst_227 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %872 = stablehlo.broadcast_in_dim %cst_227, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %873 = stablehlo.multiply %872, %arg55 : tensor<128xf32>
    %874 = stablehlo.add %871, %873 : tensor<128xf32>
    %cst_228 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %875 = stablehlo.broadcast_in_dim %cst_228, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %876 = stablehlo.multiply %875, %515 : tensor<32x128xf32>
    %cst_229 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %877 = stablehlo.broadcast_in_dim %cst_229, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %878 = stablehlo.multiply %877, %arg56 : tensor<32x128xf32>
    %879 = stablehlo.add %876, %878 : tensor<32x128xf32>
    %cst_230 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %880 = stablehlo.broadcast_in_dim %cst_230, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %881 = stablehlo.multiply %880, %602 : tensor<32xf32>
    %cst_231 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %882 = stablehlo.broadcast_in_dim %cst_231, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %883 = stablehlo.multiply %882, %arg57 : tensor<32xf32>
    %884 = stablehlo.add %881, %883 : tensor<32xf32>
    %cst_232 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %885 = stablehlo.broadcast_in_dim %cst_232, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %886 = stablehlo.multiply %885, %613 : tensor<32xf32>
    %cst_233 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %887 = stablehlo.broadcast_in_dim %cst_233, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %888 = stablehlo.multiply %887, %arg58 : tensor<32xf32>
    %889 = stablehlo.add %886, %888 : tensor<32xf32>
    %cst_234 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %890 = stablehlo.broadcast_in_dim %cst_234, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %891 = stablehlo.multiply %890, %519 : tensor<32xf32>
    %cst_235 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %892 = stablehlo.broadcast_in_dim %cst_235, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %893 = stablehlo.multiply %892, %arg59 : tensor<32xf32>
    %894 = stablehlo.add %891, %893 : tensor<32xf32>
    %cst_236 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %895 = stablehlo.broadcast_in_dim %cst_236, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %896 = stablehlo.multiply %895, %530 : tensor<32xf32>
    %cst_237 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %897 = stablehlo.broadcast_in_dim %cst_237, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %898 = stablehlo.multiply %897, %arg60 : tensor<32xf32>
    %899 = stablehlo.add %896, %898 : tensor<32xf32>
    %cst_238 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %900 = stablehlo.broadcast_in_dim %cst_238, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %901 = stablehlo.multiply %900, %588 : tensor<4x8xf32>
    %cst_239 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %902 = stablehlo.broadcast_in_dim %cst_239, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %903 = stablehlo.multiply %902, %arg61 : tensor<4x8xf32>
    %904 = stablehlo.add %901, %903 : tensor<4x8xf32>
    %cst_240 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %905 = stablehlo.broadcast_in_dim %cst_240, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %906 = stablehlo.multiply %905, %590 : tensor<32x4x8xf32>
    %cst_241 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %907 = stablehlo.broadcast_in_dim %cst_241, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %908 = stablehlo.multiply %907, %arg62 : tensor<32x4x8xf32>
    %909 = stablehlo.add %906, %908 : tensor<32x4x8xf32>
    %cst_242 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %910 = stablehlo.broadcast_in_dim %cst_242, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %911 = stablehlo.multiply %910, %553 : tensor<32xf32>
    %cst_243 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %912 = stablehlo.broadcast_in_dim %cst_243, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %913 = stablehlo.multiply %912, %arg63 : tensor<32xf32>
    %914 = stablehlo.add %911, %913 : tensor<32xf32>
    %cst_244 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %915 = stablehlo.broadcast_in_dim %cst_244, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %916 = stablehlo.multiply %915, %555 : tensor<4x8x32xf32>
    %cst_245 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %917 = stablehlo.broadcast_in_dim %cst_245, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %918 = stablehlo.multiply %917, %arg64 : tensor<4x8x32xf32>
    %919 = stablehlo.add %916, %918 : tensor<4x8x32xf32>
    %cst_246 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %920 = stablehlo.broadcast_in_dim %cst_246, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %921 = stablehlo.multiply %920, %595 : tensor<4x8xf32>
    %cst_247 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %922 = stablehlo.broadcast_in_dim %cst_247, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %923 = stablehlo.multiply %922, %arg65 : tensor<4x8xf32>
    %924 = stablehlo.add %921, %923 : tensor<4x8xf32>
    %cst_248 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %925 = stablehlo.broadcast_in_dim %cst_248, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %926 = stablehlo.multiply %925, %597 : tensor<32x4x8xf32>
    %cst_249 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %927 = stablehlo.broadcast_in_dim %cst_249, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %928 = stablehlo.multiply %927, %arg66 : tensor<32x4x8xf32>
    %929 = stablehlo.add %926, %928 : tensor<32x4x8xf32>
    %cst_250 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %930 = stablehlo.broadcast_in_dim %cst_250, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %931 = stablehlo.multiply %930, %582 : tensor<4x8xf32>
    %cst_251 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %932 = stablehlo.broadcast_in_dim %cst_251, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %933 = stablehlo.multiply %932, %arg67 : tensor<4x8xf32>
    %934 = stablehlo.add %931, %933 : tensor<4x8xf32>
    %cst_252 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %935 = stablehlo.broadcast_in_dim %cst_252, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %936 = stablehlo.multiply %935, %584 : tensor<32x4x8xf32>
    %cst_253 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %937 = stablehlo.broadcast_in_dim %cst_253, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %938 = stablehlo.multiply %937, %arg68 : tensor<32x4x8xf32>
    %939 = stablehlo.add %936, %938 : tensor<32x4x8xf32>
    %cst_254 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %940 = stablehlo.broadcast_in_dim %cst_254, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %941 = stablehlo.multiply %940, %779 : tensor<128x32xf32>
    %cst_255 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %942 = stablehlo.broadcast_in_dim %cst_255, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %943 = stablehlo.multiply %942, %arg69 : tensor<128x32xf32>
    %944 = stablehlo.add %941, %943 : tensor<128x32xf32>
    %cst_256 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %945 = stablehlo.broadcast_in_dim %cst_256, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %946 = stablehlo.multiply %945, %462 : tensor<32xf32>
    %cst_257 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %947 = stablehlo.broadcast_in_dim %cst_257, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %948 = stablehlo.multiply %947, %arg70 : tensor<32xf32>
    %949 = stablehlo.add %946, %948 : tensor<32xf32>
    %cst_258 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %950 = stablehlo.broadcast_in_dim %cst_258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %951 = stablehlo.multiply %950, %473 : tensor<32xf32>
    %cst_259 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %952 = stablehlo.broadcast_in_dim %cst_259, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %953 = stablehlo.multiply %952, %arg71 : tensor<32xf32>
    %954 = stablehlo.add %951, %953 : tensor<32xf32>
    %cst_260 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %955 = stablehlo.broadcast_in_dim %cst_260, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %956 = stablehlo.multiply %955, %777 : tensor<16x32xf32>
    %cst_261 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %957 = stablehlo.broadcast_in_dim %cst_261, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %958 = stablehlo.multiply %957, %arg72 : tensor<16x32xf32>
    %959 = stablehlo.add %956, %958 : tensor<16x32xf32>
    %960 = stablehlo.multiply %636, %636 : tensor<32xf32>
    %cst_262 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %961 = stablehlo.broadcast_in_dim %cst_262, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %962 = stablehlo.multiply %961, %960 : tensor<32xf32>
    %cst_263 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %963 = stablehlo.broadcast_in_dim %cst_263, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %964 = stablehlo.multiply %963, %arg73 : tensor<32xf32>
    %965 = stablehlo.add %962, %964 : tensor<32xf32>
    %966 = stablehlo.multiply %638, %638 : tensor<128x32xf32>
    %cst_264 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %967 = stablehlo.broadcast_in_dim %cst_264, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %968 = stablehlo.multiply %967, %966 : tensor<128x32xf32>
    %cst_265 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %969 = stablehlo.broadcast_in_dim %cst_265, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %970 = stablehlo.multiply %969, %arg74 : tensor<128x32xf32>
    %971 = stablehlo.add %968, %970 : tensor<128x32xf32>
    %972 = stablehlo.multiply %654, %654 : tensor<128xf32>
    %cst_266 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %973 = stablehlo.broadcast_in_dim %cst_266, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %974 = stablehlo.multiply %973, %972 : tensor<128xf32>
    %cst_267 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %975 = stablehlo.broadcast_in_dim %cst_267, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %976 = stablehlo.multiply %975, %arg75 : tensor<128xf32>
    %977 = stablehlo.add %974, %976 : tensor<128xf32>
    %978 = stablehlo.multiply %656, %656 : tensor<32x128xf32>
    %cst_268 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %979 = stablehlo.broadcast_in_dim %cst_268, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %980 = stablehlo.multiply %979, %978 : tensor<32x128xf32>
    %cst_269 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %981 = stablehlo.broadcast_in_dim %cst_269, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %982 = stablehlo.multiply %981, %arg76 : tensor<32x128xf32>
    %983 = stablehlo.add %980, %982 : tensor<32x128xf32>
    %984 = stablehlo.multiply %743, %743 : tensor<32xf32>
    %cst_270 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %985 = stablehlo.broadcast_in_dim %cst_270, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %986 = stablehlo.multiply %985, %984 : tensor<32xf32>
    %cst_271 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %987 = stablehlo.broadcast_in_dim %cst_271, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %988 = stablehlo.multiply %987, %arg77 : tensor<32xf32>
    %989 = stablehlo.add %986, %988 : tensor<32xf32>
    %990 = stablehlo.multiply %754, %754 : tensor<32xf32>
    %cst_272 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %991 = stablehlo.broadcast_in_dim %cst_272, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %992 = stablehlo.multiply %991, %990 : tensor<32xf32>
    %cst_273 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %993 = stablehlo.broadcast_in_dim %cst_273, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %994 = stablehlo.multiply %993, %arg78 : tensor<32xf32>
    %995 = stablehlo.add %992, %994 : tensor<32xf32>
    %996 = stablehlo.multiply %660, %660 : tensor<32xf32>
    %cst_274 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %997 = stablehlo.broadcast_in_dim %cst_274, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %998 = stablehlo.multiply %997, %996 : tensor<32xf32>
    %cst_275 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %999 = stablehlo.broadcast_in_dim %cst_275, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1000 = stablehlo.multiply %999, %arg79 : tensor<32xf32>
    %1001 = stablehlo.add %998, %1000 : tensor<32xf32>
    %1002 = stablehlo.multiply %671, %671 : tensor<32xf32>
    %cst_276 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1003 = stablehlo.broadcast_in_dim %cst_276, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1004 = stablehlo.multiply %1003, %1002 : tensor<32xf32>
    %cst_277 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1005 = stablehlo.broadcast_in_dim %cst_277, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1006 = stablehlo.multiply %1005, %arg80 : tensor<32xf32>
    %1007 = stablehlo.add %1004, %1006 : tensor<32xf32>
    %1008 = stablehlo.multiply %729, %729 : tensor<4x8xf32>
    %cst_278 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1009 = stablehlo.broadcast_in_dim %cst_278, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1010 = stablehlo.multiply %1009, %1008 : tensor<4x8xf32>
    %cst_279 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1011 = stablehlo.broadcast_in_dim %cst_279, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1012 = stablehlo.multiply %1011, %arg81 : tensor<4x8xf32>
    %1013 = stablehlo.add %1010, %1012 : tensor<4x8xf32>
    %1014 = stablehlo.multiply %731, %731 : tensor<32x4x8xf32>
    %cst_280 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1015 = stablehlo.broadcast_in_dim %cst_280, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1016 = stablehlo.multiply %1015, %1014 : tensor<32x4x8xf32>
    %cst_281 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1017 = stablehlo.broadcast_in_dim %cst_281, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1018 = stablehlo.multiply %1017, %arg82 : tensor<32x4x8xf32>
    %1019 = stablehlo.add %1016, %1018 : tensor<32x4x8xf32>
    %1020 = stablehlo.multiply %694, %694 : tensor<32xf32>
    %cst_282 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1021 = stablehlo.broadcast_in_dim %cst_282, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1022 = stablehlo.multiply %1021, %1020 : tensor<32xf32>
    %cst_283 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1023 = stablehlo.broadcast_in_dim %cst_283, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1024 = stablehlo.multiply %1023, %arg83 : tensor<32xf32>
    %1025 = stablehlo.add %1022, %1024 : tensor<32xf32>
    %1026 = stablehlo.multiply %696, %696 : tensor<4x8x32xf32>
    %cst_284 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1027 = stablehlo.broadcast_in_dim %cst_284, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1028 = stablehlo.multiply %1027, %1026 : tensor<4x8x32xf32>
    %cst_285 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1029 = stablehlo.broadcast_in_dim %cst_285, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1030 = stablehlo.multiply %1029, %arg84 : tensor<4x8x32xf32>
    %1031 = stablehlo.add %1028, %1030 : tensor<4x8x32xf32>
    %1032 = stablehlo.multiply %736, %736 : tensor<4x8xf32>
    %cst_286 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1033 = stablehlo.broadcast_in_dim %cst_286, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1034 = stablehlo.multiply %1033, %1032 : tensor<4x8xf32>
    %cst_287 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1035 = stablehlo.broadcast_in_dim %cst_287, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1036 = stablehlo.multiply %1035, %arg85 : tensor<4x8xf32>
    %1037 = stablehlo.add %1034, %1036 : tensor<4x8xf32>
    %1038 = stablehlo.multiply %738, %738 : tensor<32x4x8xf32>
    %cst_288 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1039 = stablehlo.broadcast_in_dim %cst_288, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1040 = stablehlo.multiply %1039, %1038 : tensor<32x4x8xf32>
    %cst_289 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1041 = stablehlo.broadcast_in_dim %cst_289, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1042 = stablehlo.multiply %1041, %arg86 : tensor<32x4x8xf32>
    %1043 = stablehlo.add %1040, %1042 : tensor<32x4x8xf32>
    %1044 = stablehlo.multiply %723, %723 : tensor<4x8xf32>
    %cst_290 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1045 = stablehlo.broadcast_in_dim %cst_290, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1046 = stablehlo.multiply %1045, %1044 : tensor<4x8xf32>
    %cst_291 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1047 = stablehlo.broadcast_in_dim %cst_291, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1048 = stablehlo.multiply %1047, %arg87 : tensor<4x8xf32>
    %1049 = stablehlo.add %1046, %1048 : tensor<4x8xf32>
    %1050 = stablehlo.multiply %725, %725 : tensor<32x4x8xf32>
    %cst_292 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1051 = stablehlo.broadcast_in_dim %cst_292, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1052 = stablehlo.multiply %1051, %1050 : tensor<32x4x8xf32>
    %cst_293 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1053 = stablehlo.broadcast_in_dim %cst_293, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1054 = stablehlo.multiply %1053, %arg88 : tensor<32x4x8xf32>
    %1055 = stablehlo.add %1052, %1054 : tensor<32x4x8xf32>
    %1056 = stablehlo.multiply %495, %495 : tensor<32xf32>
    %cst_294 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1057 = stablehlo.broadcast_in_dim %cst_294, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1058 = stablehlo.multiply %1057, %1056 : tensor<32xf32>
    %cst_295 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1059 = stablehlo.broadcast_in_dim %cst_295, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1060 = stablehlo.multiply %1059, %arg89 : tensor<32xf32>
    %1061 = stablehlo.add %1058, %1060 : tensor<32xf32>
    %1062 = stablehlo.multiply %497, %497 : tensor<128x32xf32>
    %cst_296 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1063 = stablehlo.broadcast_in_dim %cst_296, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1064 = stablehlo.multiply %1063, %1062 : tensor<128x32xf32>
    %cst_297 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1065 = stablehlo.broadcast_in_dim %cst_297, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1066 = stablehlo.multiply %1065, %arg90 : tensor<128x32xf32>
    %1067 = stablehlo.add %1064, %1066 : tensor<128x32xf32>
    %1068 = stablehlo.multiply %513, %513 : tensor<128xf32>
    %cst_298 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1069 = stablehlo.broadcast_in_dim %cst_298, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1070 = stablehlo.multiply %1069, %1068 : tensor<128xf32>
    %cst_299 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1071 = stablehlo.broadcast_in_dim %cst_299, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1072 = stablehlo.multiply %1071, %arg91 : tensor<128xf32>
    %1073 = stablehlo.add %1070, %1072 : tensor<128xf32>
    %1074 = stablehlo.multiply %515, %515 : tensor<32x128xf32>
    %cst_300 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1075 = stablehlo.broadcast_in_dim %cst_300, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1076 = stablehlo.multiply %1075, %1074 : tensor<32x128xf32>
    %cst_301 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1077 = stablehlo.broadcast_in_dim %cst_301, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1078 = stablehlo.multiply %1077, %arg92 : tensor<32x128xf32>
    %1079 = stablehlo.add %1076, %1078 : tensor<32x128xf32>
    %1080 = stablehlo.multiply %602, %602 : tensor<32xf32>
    %cst_302 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1081 = stablehlo.broadcast_in_dim %cst_302, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1082 = stablehlo.multiply %1081, %1080 : tensor<32xf32>
    %cst_303 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1083 = stablehlo.broadcast_in_dim %cst_303, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1084 = stablehlo.multiply %1083, %arg93 : tensor<32xf32>
    %1085 = stablehlo.add %1082, %1084 : tensor<32xf32>
    %1086 = stablehlo.multiply %613, %613 : tensor<32xf32>
    %cst_304 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1087 = stablehlo.broadcast_in_dim %cst_304, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1088 = stablehlo.multiply %1087, %1086 : tensor<32xf32>
    %cst_305 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1089 = stablehlo.broadcast_in_dim %cst_305, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1090 = stablehlo.multiply %1089, %arg94 : tensor<32xf32>
    %1091 = stablehlo.add %1088, %1090 : tensor<32xf32>
    %1092 = stablehlo.multiply %519, %519 : tensor<32xf32>
    %cst_306 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1093 = stablehlo.broadcast_in_dim %cst_306, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1094 = stablehlo.multiply %1093, %1092 : tensor<32xf32>
    %cst_307 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1095 = stablehlo.broadcast_in_dim %cst_307, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1096 = stablehlo.multiply %1095, %arg95 : tensor<32xf32>
    %1097 = stablehlo.add %1094, %1096 : tensor<32xf32>
    %1098 = stablehlo.multiply %530, %530 : tensor<32xf32>
    %cst_308 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1099 = stablehlo.broadcast_in_dim %cst_308, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1100 = stablehlo.multiply %1099, %1098 : tensor<32xf32>
    %cst_309 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1101 = stablehlo.broadcast_in_dim %cst_309, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1102 = stablehlo.multiply %1101, %arg96 : tensor<32xf32>
    %1103 = stablehlo.add %1100, %1102 : tensor<32xf32>
    %1104 = stablehlo.multiply %588, %588 : tensor<4x8xf32>
    %cst_310 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1105 = stablehlo.broadcast_in_dim %cst_310, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1106 = stablehlo.multiply %1105, %1104 : tensor<4x8xf32>
    %cst_311 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1107 = stablehlo.broadcast_in_dim %cst_311, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1108 = stablehlo.multiply %1107, %arg97 : tensor<4x8xf32>
    %1109 = stablehlo.add %1106, %1108 : tensor<4x8xf32>
    %1110 = stablehlo.multiply %590, %590 : tensor<32x4x8xf32>
    %cst_312 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1111 = stablehlo.broadcast_in_dim %cst_312, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1112 = stablehlo.multiply %1111, %1110 : tensor<32x4x8xf32>
    %cst_313 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1113 = stablehlo.broadcast_in_dim %cst_313, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1114 = stablehlo.multiply %1113, %arg98 : tensor<32x4x8xf32>
    %1115 = stablehlo.add %1112, %1114 : tensor<32x4x8xf32>
    %1116 = stablehlo.multiply %553, %553 : tensor<32xf32>
    %cst_314 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1117 = stablehlo.broadcast_in_dim %cst_314, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1118 = stablehlo.multiply %1117, %1116 : tensor<32xf32>
    %cst_315 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1119 = stablehlo.broadcast_in_dim %cst_315, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1120 = stablehlo.multiply %1119, %arg99 : tensor<32xf32>
    %1121 = stablehlo.add %1118, %1120 : tensor<32xf32>
    %1122 = stablehlo.multiply %555, %555 : tensor<4x8x32xf32>
    %cst_316 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1123 = stablehlo.broadcast_in_dim %cst_316, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1124 = stablehlo.multiply %1123, %1122 : tensor<4x8x32xf32>
    %cst_317 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1125 = stablehlo.broadcast_in_dim %cst_317, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1126 = stablehlo.multiply %1125, %arg100 : tensor<4x8x32xf32>
    %1127 = stablehlo.add %1124, %1126 : tensor<4x8x32xf32>
    %1128 = stablehlo.multiply %595, %595 : tensor<4x8xf32>
    %cst_318 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1129 = stablehlo.broadcast_in_dim %cst_318, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1130 = stablehlo.multiply %1129, %1128 : tensor<4x8xf32>
    %cst_319 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1131 = stablehlo.broadcast_in_dim %cst_319, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1132 = stablehlo.multiply %1131, %arg101 : tensor<4x8xf32>
    %1133 = stablehlo.add %1130, %1132 : tensor<4x8xf32>
    %1134 = stablehlo.multiply %597, %597 : tensor<32x4x8xf32>
    %cst_320 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1135 = stablehlo.broadcast_in_dim %cst_320, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1136 = stablehlo.multiply %1135, %1134 : tensor<32x4x8xf32>
    %cst_321 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1137 = stablehlo.broadcast_in_dim %cst_321, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1138 = stablehlo.multiply %1137, %arg102 : tensor<32x4x8xf32>
    %1139 = stablehlo.add %1136, %1138 : tensor<32x4x8xf32>
    %1140 = stablehlo.multiply %582, %582 : tensor<4x8xf32>
    %cst_322 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1141 = stablehlo.broadcast_in_dim %cst_322, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1142 = stablehlo.multiply %1141, %1140 : tensor<4x8xf32>
    %cst_323 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1143 = stablehlo.broadcast_in_dim %cst_323, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1144 = stablehlo.multiply %1143, %arg103 : tensor<4x8xf32>
    %1145 = stablehlo.add %1142, %1144 : tensor<4x8xf32>
    %1146 = stablehlo.multiply %584, %584 : tensor<32x4x8xf32>
    %cst_324 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1147 = stablehlo.broadcast_in_dim %cst_324, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1148 = stablehlo.multiply %1147, %1146 : tensor<32x4x8xf32>
    %cst_325 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1149 = stablehlo.broadcast_in_dim %cst_325, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1150 = stablehlo.multiply %1149, %arg104 : tensor<32x4x8xf32>
    %1151 = stablehlo.add %1148, %1150 : tensor<32x4x8xf32>
    %1152 = stablehlo.multiply %779, %779 : tensor<128x32xf32>
    %cst_326 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1153 = stablehlo.broadcast_in_dim %cst_326, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1154 = stablehlo.multiply %1153, %1152 : tensor<128x32xf32>
    %cst_327 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1155 = stablehlo.broadcast_in_dim %cst_327, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1156 = stablehlo.multiply %1155, %arg105 : tensor<128x32xf32>
    %1157 = stablehlo.add %1154, %1156 : tensor<128x32xf32>
    %1158 = stablehlo.multiply %462, %462 : tensor<32xf32>
    %cst_328 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1159 = stablehlo.broadcast_in_dim %cst_328, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1160 = stablehlo.multiply %1159, %1158 : tensor<32xf32>
    %cst_329 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1161 = stablehlo.broadcast_in_dim %cst_329, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1162 = stablehlo.multiply %1161, %arg106 : tensor<32xf32>
    %1163 = stablehlo.add %1160, %1162 : tensor<32xf32>
    %1164 = stablehlo.multiply %473, %473 : tensor<32xf32>
    %cst_330 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1165 = stablehlo.broadcast_in_dim %cst_330, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1166 = stablehlo.multiply %1165, %1164 : tensor<32xf32>
    %cst_331 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1167 = stablehlo.broadcast_in_dim %cst_331, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1168 = stablehlo.multiply %1167, %arg107 : tensor<32xf32>
    %1169 = stablehlo.add %1166, %1168 : tensor<32xf32>
    %1170 = stablehlo.multiply %777, %777 : tensor<16x32xf32>
    %cst_332 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %1171 = stablehlo.broadcast_in_dim %cst_332, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %1172 = stablehlo.multiply %1171, %1170 : tensor<16x32xf32>
    %cst_333 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1173 = stablehlo.broadcast_in_dim %cst_333, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %1174 = stablehlo.multiply %1173, %arg108 : tensor<16x32xf32>
    %1175 = stablehlo.add %1172, %1174 : tensor<16x32xf32>
    %c_334 = stablehlo.constant dense<2147483647> : tensor<i32>
    %1176 = stablehlo.compare LT, %arg36, %c_334, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_335 = stablehlo.constant dense<1> : tensor<i32>
    %1177 = stablehlo.add %arg36, %c_335 : tensor<i32>
    %c_336 = stablehlo.constant dense<2147483647> : tensor<i32>
    %1178 = call @_where_7(%1176, %1177, %c_336) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %cst_337 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %1179 = stablehlo.convert %1178 : (tensor<i32>) -> tensor<f32>
    %1180 = stablehlo.convert %1178 : (tensor<i32>) -> tensor<f32>
    %1181 = stablehlo.power %cst_337, %1180 : tensor<f32>
    %cst_338 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1182 = stablehlo.subtract %cst_338, %1181 : tensor<f32>
    %1183 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1184 = stablehlo.divide %784, %1183 : tensor<32xf32>
    %1185 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1186 = stablehlo.divide %789, %1185 : tensor<128x32xf32>
    %1187 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1188 = stablehlo.divide %794, %1187 : tensor<128xf32>
    %1189 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1190 = stablehlo.divide %799, %1189 : tensor<32x128xf32>
    %1191 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1192 = stablehlo.divide %804, %1191 : tensor<32xf32>
    %1193 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1194 = stablehlo.divide %809, %1193 : tensor<32xf32>
    %1195 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1196 = stablehlo.divide %814, %1195 : tensor<32xf32>
    %1197 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1198 = stablehlo.divide %819, %1197 : tensor<32xf32>
    %1199 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1200 = stablehlo.divide %824, %1199 : tensor<4x8xf32>
    %1201 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1202 = stablehlo.divide %829, %1201 : tensor<32x4x8xf32>
    %1203 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1204 = stablehlo.divide %834, %1203 : tensor<32xf32>
    %1205 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1206 = stablehlo.divide %839, %1205 : tensor<4x8x32xf32>
    %1207 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1208 = stablehlo.divide %844, %1207 : tensor<4x8xf32>
    %1209 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1210 = stablehlo.divide %849, %1209 : tensor<32x4x8xf32>
    %1211 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1212 = stablehlo.divide %854, %1211 : tensor<4x8xf32>
    %1213 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1214 = stablehlo.divide %859, %1213 : tensor<32x4x8xf32>
    %1215 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1216 = stablehlo.divide %864, %1215 : tensor<32xf32>
    %1217 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1218 = stablehlo.divide %869, %1217 : tensor<128x32xf32>
    %1219 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1220 = stablehlo.divide %874, %1219 : tensor<128xf32>
    %1221 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1222 = stablehlo.divide %879, %1221 : tensor<32x128xf32>
    %1223 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1224 = stablehlo.divide %884, %1223 : tensor<32xf32>
    %1225 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1226 = stablehlo.divide %889, %1225 : tensor<32xf32>
    %1227 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1228 = stablehlo.divide %894, %1227 : tensor<32xf32>
    %1229 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1230 = stablehlo.divide %899, %1229 : tensor<32xf32>
    %1231 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1232 = stablehlo.divide %904, %1231 : tensor<4x8xf32>
    %1233 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1234 = stablehlo.divide %909, %1233 : tensor<32x4x8xf32>
    %1235 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1236 = stablehlo.divide %914, %1235 : tensor<32xf32>
    %1237 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1238 = stablehlo.divide %919, %1237 : tensor<4x8x32xf32>
    %1239 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1240 = stablehlo.divide %924, %1239 : tensor<4x8xf32>
    %1241 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1242 = stablehlo.divide %929, %1241 : tensor<32x4x8xf32>
    %1243 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1244 = stablehlo.divide %934, %1243 : tensor<4x8xf32>
    %1245 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1246 = stablehlo.divide %939, %1245 : tensor<32x4x8xf32>
    %1247 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1248 = stablehlo.divide %944, %1247 : tensor<128x32xf32>
    %1249 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1250 = stablehlo.divide %949, %1249 : tensor<32xf32>
    %1251 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1252 = stablehlo.divide %954, %1251 : tensor<32xf32>
    %1253 = stablehlo.broadcast_in_dim %1182, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %1254 = stablehlo.divide %959, %1253 : tensor<16x32xf32>
    %cst_339 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %1255 = stablehlo.convert %1178 : (tensor<i32>) -> tensor<f32>
    %1256 = stablehlo.convert %1178 : (tensor<i32>) -> tensor<f32>
    %1257 = stablehlo.power %cst_339, %1256 : tensor<f32>
    %cst_340 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1258 = stablehlo.subtract %cst_340, %1257 : tensor<f32>
    %1259 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1260 = stablehlo.divide %965, %1259 : tensor<32xf32>
    %1261 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1262 = stablehlo.divide %971, %1261 : tensor<128x32xf32>
    %1263 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1264 = stablehlo.divide %977, %1263 : tensor<128xf32>
    %1265 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1266 = stablehlo.divide %983, %1265 : tensor<32x128xf32>
    %1267 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1268 = stablehlo.divide %989, %1267 : tensor<32xf32>
    %1269 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1270 = stablehlo.divide %995, %1269 : tensor<32xf32>
    %1271 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1272 = stablehlo.divide %1001, %1271 : tensor<32xf32>
    %1273 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1274 = stablehlo.divide %1007, %1273 : tensor<32xf32>
    %1275 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1276 = stablehlo.divide %1013, %1275 : tensor<4x8xf32>
    %1277 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1278 = stablehlo.divide %1019, %1277 : tensor<32x4x8xf32>
    %1279 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1280 = stablehlo.divide %1025, %1279 : tensor<32xf32>
    %1281 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1282 = stablehlo.divide %1031, %1281 : tensor<4x8x32xf32>
    %1283 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1284 = stablehlo.divide %1037, %1283 : tensor<4x8xf32>
    %1285 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1286 = stablehlo.divide %1043, %1285 : tensor<32x4x8xf32>
    %1287 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1288 = stablehlo.divide %1049, %1287 : tensor<4x8xf32>
    %1289 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1290 = stablehlo.divide %1055, %1289 : tensor<32x4x8xf32>
    %1291 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1292 = stablehlo.divide %1061, %1291 : tensor<32xf32>
    %1293 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1294 = stablehlo.divide %1067, %1293 : tensor<128x32xf32>
    %1295 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1296 = stablehlo.divide %1073, %1295 : tensor<128xf32>
    %1297 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1298 = stablehlo.divide %1079, %1297 : tensor<32x128xf32>
    %1299 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1300 = stablehlo.divide %1085, %1299 : tensor<32xf32>
    %1301 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1302 = stablehlo.divide %1091, %1301 : tensor<32xf32>
    %1303 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1304 = stablehlo.divide %1097, %1303 : tensor<32xf32>
    %1305 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1306 = stablehlo.divide %1103, %1305 : tensor<32xf32>
    %1307 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1308 = stablehlo.divide %1109, %1307 : tensor<4x8xf32>
    %1309 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1310 = stablehlo.divide %1115, %1309 : tensor<32x4x8xf32>
    %1311 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1312 = stablehlo.divide %1121, %1311 : tensor<32xf32>
    %1313 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1314 = stablehlo.divide %1127, %1313 : tensor<4x8x32xf32>
    %1315 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1316 = stablehlo.divide %1133, %1315 : tensor<4x8xf32>
    %1317 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1318 = stablehlo.divide %1139, %1317 : tensor<32x4x8xf32>
    %1319 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1320 = stablehlo.divide %1145, %1319 : tensor<4x8xf32>
    %1321 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1322 = stablehlo.divide %1151, %1321 : tensor<32x4x8xf32>
    %1323 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1324 = stablehlo.divide %1157, %1323 : tensor<128x32xf32>
    %1325 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1326 = stablehlo.divide %1163, %1325 : tensor<32xf32>
    %1327 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1328 = stablehlo.divide %1169, %1327 : tensor<32xf32>
    %1329 = stablehlo.broadcast_in_dim %1258, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %1330 = stablehlo.divide %1175, %1329 : tensor<16x32xf32>
    %cst_341 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1331 = stablehlo.broadcast_in_dim %cst_341, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1332 = stablehlo.add %1260, %1331 : tensor<32xf32>
    %1333 = stablehlo.sqrt %1332 : tensor<32xf32>
    %cst_342 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1334 = stablehlo.broadcast_in_dim %cst_342, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1335 = stablehlo.add %1333, %1334 : tensor<32xf32>
    %1336 = stablehlo.divide %1184, %1335 : tensor<32xf32>
    %cst_343 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1337 = stablehlo.broadcast_in_dim %cst_343, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1338 = stablehlo.add %1262, %1337 : tensor<128x32xf32>
    %1339 = stablehlo.sqrt %1338 : tensor<128x32xf32>
    %cst_344 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1340 = stablehlo.broadcast_in_dim %cst_344, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1341 = stablehlo.add %1339, %1340 : tensor<128x32xf32>
    %1342 = stablehlo.divide %1186, %1341 : tensor<128x32xf32>
    %cst_345 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1343 = stablehlo.broadcast_in_dim %cst_345, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1344 = stablehlo.add %1264, %1343 : tensor<128xf32>
    %1345 = stablehlo.sqrt %1344 : tensor<128xf32>
    %cst_346 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1346 = stablehlo.broadcast_in_dim %cst_346, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1347 = stablehlo.add %1345, %1346 : tensor<128xf32>
    %1348 = stablehlo.divide %1188, %1347 : tensor<128xf32>
    %cst_347 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1349 = stablehlo.broadcast_in_dim %cst_347, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1350 = stablehlo.add %1266, %1349 : tensor<32x128xf32>
    %1351 = stablehlo.sqrt %1350 : tensor<32x128xf32>
    %cst_348 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1352 = stablehlo.broadcast_in_dim %cst_348, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1353 = stablehlo.add %1351, %1352 : tensor<32x128xf32>
    %1354 = stablehlo.divide %1190, %1353 : tensor<32x128xf32>
    %cst_349 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1355 = stablehlo.broadcast_in_dim %cst_349, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1356 = stablehlo.add %1268, %1355 : tensor<32xf32>
    %1357 = stablehlo.sqrt %1356 : tensor<32xf32>
    %cst_350 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1358 = stablehlo.broadcast_in_dim %cst_350, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1359 = stablehlo.add %1357, %1358 : tensor<32xf32>
    %1360 = stablehlo.divide %1192, %1359 : tensor<32xf32>
    %cst_351 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1361 = stablehlo.broadcast_in_dim %cst_351, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1362 = stablehlo.add %1270, %1361 : tensor<32xf32>
    %1363 = stablehlo.sqrt %1362 : tensor<32xf32>
    %cst_352 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1364 = stablehlo.broadcast_in_dim %cst_352, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1365 = stablehlo.add %1363, %1364 : tensor<32xf32>
    %1366 = stablehlo.divide %1194, %1365 : tensor<32xf32>
    %cst_353 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1367 = stablehlo.broadcast_in_dim %cst_353, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1368 = stablehlo.add %1272, %1367 : tensor<32xf32>
    %1369 = stablehlo.sqrt %1368 : tensor<32xf32>
    %cst_354 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1370 = stablehlo.broadcast_in_dim %cst_354, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1371 = stablehlo.add %1369, %1370 : tensor<32xf32>
    %1372 = stablehlo.divide %1196, %1371 : tensor<32xf32>
    %cst_355 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1373 = stablehlo.broadcast_in_dim %cst_355, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1374 = stablehlo.add %1274, %1373 : tensor<32xf32>
    %1375 = stablehlo.sqrt %1374 : tensor<32xf32>
    %cst_356 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1376 = stablehlo.broadcast_in_dim %cst_356, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1377 = stablehlo.add %1375, %1376 : tensor<32xf32>
    %1378 = stablehlo.divide %1198, %1377 : tensor<32xf32>
    %cst_357 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1379 = stablehlo.broadcast_in_dim %cst_357, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1380 = stablehlo.add %1276, %1379 : tensor<4x8xf32>
    %1381 = stablehlo.sqrt %1380 : tensor<4x8xf32>
    %cst_358 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1382 = stablehlo.broadcast_in_dim %cst_358, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1383 = stablehlo.add %1381, %1382 : tensor<4x8xf32>
    %1384 = stablehlo.divide %1200, %1383 : tensor<4x8xf32>
    %cst_359 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1385 = stablehlo.broadcast_in_dim %cst_359, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1386 = stablehlo.add %1278, %1385 : tensor<32x4x8xf32>
    %1387 = stablehlo.sqrt %1386 : tensor<32x4x8xf32>
    %cst_360 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1388 = stablehlo.broadcast_in_dim %cst_360, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1389 = stablehlo.add %1387, %1388 : tensor<32x4x8xf32>
    %1390 = stablehlo.divide %1202, %1389 : tensor<32x4x8xf32>
    %cst_361 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1391 = stablehlo.broadcast_in_dim %cst_361, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1392 = stablehlo.add %1280, %1391 : tensor<32xf32>
    %1393 = stablehlo.sqrt %1392 : tensor<32xf32>
    %cst_362 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1394 = stablehlo.broadcast_in_dim %cst_362, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1395 = stablehlo.add %1393, %1394 : tensor<32xf32>
    %1396 = stablehlo.divide %1204, %1395 : tensor<32xf32>
    %cst_363 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1397 = stablehlo.broadcast_in_dim %cst_363, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1398 = stablehlo.add %1282, %1397 : tensor<4x8x32xf32>
    %1399 = stablehlo.sqrt %1398 : tensor<4x8x32xf32>
    %cst_364 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1400 = stablehlo.broadcast_in_dim %cst_364, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1401 = stablehlo.add %1399, %1400 : tensor<4x8x32xf32>
    %1402 = stablehlo.divide %1206, %1401 : tensor<4x8x32xf32>
    %cst_365 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1403 = stablehlo.broadcast_in_dim %cst_365, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1404 = stablehlo.add %1284, %1403 : tensor<4x8xf32>
    %1405 = stablehlo.sqrt %1404 : tensor<4x8xf32>
    %cst_366 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1406 = stablehlo.broadcast_in_dim %cst_366, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1407 = stablehlo.add %1405, %1406 : tensor<4x8xf32>
    %1408 = stablehlo.divide %1208, %1407 : tensor<4x8xf32>
    %cst_367 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1409 = stablehlo.broadcast_in_dim %cst_367, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1410 = stablehlo.add %1286, %1409 : tensor<32x4x8xf32>
    %1411 = stablehlo.sqrt %1410 : tensor<32x4x8xf32>
    %cst_368 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1412 = stablehlo.broadcast_in_dim %cst_368, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1413 = stablehlo.add %1411, %1412 : tensor<32x4x8xf32>
    %1414 = stablehlo.divide %1210, %1413 : tensor<32x4x8xf32>
    %cst_369 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1415 = stablehlo.broadcast_in_dim %cst_369, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1416 = stablehlo.add %1288, %1415 : tensor<4x8xf32>
    %1417 = stablehlo.sqrt %1416 : tensor<4x8xf32>
    %cst_370 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1418 = stablehlo.broadcast_in_dim %cst_370, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1419 = stablehlo.add %1417, %1418 : tensor<4x8xf32>
    %1420 = stablehlo.divide %1212, %1419 : tensor<4x8xf32>
    %cst_371 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1421 = stablehlo.broadcast_in_dim %cst_371, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1422 = stablehlo.add %1290, %1421 : tensor<32x4x8xf32>
    %1423 = stablehlo.sqrt %1422 : tensor<32x4x8xf32>
    %cst_372 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1424 = stablehlo.broadcast_in_dim %cst_372, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1425 = stablehlo.add %1423, %1424 : tensor<32x4x8xf32>
    %1426 = stablehlo.divide %1214, %1425 : tensor<32x4x8xf32>
    %cst_373 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1427 = stablehlo.broadcast_in_dim %cst_373, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1428 = stablehlo.add %1292, %1427 : tensor<32xf32>
    %1429 = stablehlo.sqrt %1428 : tensor<32xf32>
    %cst_374 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1430 = stablehlo.broadcast_in_dim %cst_374, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1431 = stablehlo.add %1429, %1430 : tensor<32xf32>
    %1432 = stablehlo.divide %1216, %1431 : tensor<32xf32>
    %cst_375 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1433 = stablehlo.broadcast_in_dim %cst_375, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1434 = stablehlo.add %1294, %1433 : tensor<128x32xf32>
    %1435 = stablehlo.sqrt %1434 : tensor<128x32xf32>
    %cst_376 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1436 = stablehlo.broadcast_in_dim %cst_376, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1437 = stablehlo.add %1435, %1436 : tensor<128x32xf32>
    %1438 = stablehlo.divide %1218, %1437 : tensor<128x32xf32>
    %cst_377 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1439 = stablehlo.broadcast_in_dim %cst_377, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1440 = stablehlo.add %1296, %1439 : tensor<128xf32>
    %1441 = stablehlo.sqrt %1440 : tensor<128xf32>
    %cst_378 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1442 = stablehlo.broadcast_in_dim %cst_378, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1443 = stablehlo.add %1441, %1442 : tensor<128xf32>
    %1444 = stablehlo.divide %1220, %1443 : tensor<128xf32>
    %cst_379 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1445 = stablehlo.broadcast_in_dim %cst_379, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1446 = stablehlo.add %1298, %1445 : tensor<32x128xf32>
    %1447 = stablehlo.sqrt %1446 : tensor<32x128xf32>
    %cst_380 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1448 = stablehlo.broadcast_in_dim %cst_380, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1449 = stablehlo.add %1447, %1448 : tensor<32x128xf32>
    %1450 = stablehlo.divide %1222, %1449 : tensor<32x128xf32>
    %cst_381 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1451 = stablehlo.broadcast_in_dim %cst_381, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1452 = stablehlo.add %1300, %1451 : tensor<32xf32>
    %1453 = stablehlo.sqrt %1452 : tensor<32xf32>
    %cst_382 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1454 = stablehlo.broadcast_in_dim %cst_382, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1455 = stablehlo.add %1453, %1454 : tensor<32xf32>
    %1456 = stablehlo.divide %1224, %1455 : tensor<32xf32>
    %cst_383 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1457 = stablehlo.broadcast_in_dim %cst_383, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1458 = stablehlo.add %1302, %1457 : tensor<32xf32>
    %1459 = stablehlo.sqrt %1458 : tensor<32xf32>
    %cst_384 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1460 = stablehlo.broadcast_in_dim %cst_384, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1461 = stablehlo.add %1459, %1460 : tensor<32xf32>
    %1462 = stablehlo.divide %1226, %1461 : tensor<32xf32>
    %cst_385 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1463 = stablehlo.broadcast_in_dim %cst_385, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1464 = stablehlo.add %1304, %1463 : tensor<32xf32>
    %1465 = stablehlo.sqrt %1464 : tensor<32xf32>
    %cst_386 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1466 = stablehlo.broadcast_in_dim %cst_386, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1467 = stablehlo.add %1465, %1466 : tensor<32xf32>
    %1468 = stablehlo.divide %1228, %1467 : tensor<32xf32>
    %cst_387 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1469 = stablehlo.broadcast_in_dim %cst_387, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1470 = stablehlo.add %1306, %1469 : tensor<32xf32>
    %1471 = stablehlo.sqrt %1470 : tensor<32xf32>
    %cst_388 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1472 = stablehlo.broadcast_in_dim %cst_388, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1473 = stablehlo.add %1471, %1472 : tensor<32xf32>
    %1474 = stablehlo.divide %1230, %1473 : tensor<32xf32>
    %cst_389 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1475 = stablehlo.broadcast_in_dim %cst_389, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1476 = stablehlo.add %1308, %1475 : tensor<4x8xf32>
    %1477 = stablehlo.sqrt %1476 : tensor<4x8xf32>
    %cst_390 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1478 = stablehlo.broadcast_in_dim %cst_390, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1479 = stablehlo.add %1477, %1478 : tensor<4x8xf32>
    %1480 = stablehlo.divide %1232, %1479 : tensor<4x8xf32>
    %cst_391 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1481 = stablehlo.broadcast_in_dim %cst_391, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1482 = stablehlo.add %1310, %1481 : tensor<32x4x8xf32>
    %1483 = stablehlo.sqrt %1482 : tensor<32x4x8xf32>
    %cst_392 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1484 = stablehlo.broadcast_in_dim %cst_392, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1485 = stablehlo.add %1483, %1484 : tensor<32x4x8xf32>
    %1486 = stablehlo.divide %1234, %1485 : tensor<32x4x8xf32>
    %cst_393 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1487 = stablehlo.broadcast_in_dim %cst_393, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1488 = stablehlo.add %1312, %1487 : tensor<32xf32>
    %1489 = stablehlo.sqrt %1488 : tensor<32xf32>
    %cst_394 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1490 = stablehlo.broadcast_in_dim %cst_394, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1491 = stablehlo.add %1489, %1490 : tensor<32xf32>
    %1492 = stablehlo.divide %1236, %1491 : tensor<32xf32>
    %cst_395 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1493 = stablehlo.broadcast_in_dim %cst_395, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1494 = stablehlo.add %1314, %1493 : tensor<4x8x32xf32>
    %1495 = stablehlo.sqrt %1494 : tensor<4x8x32xf32>
    %cst_396 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1496 = stablehlo.broadcast_in_dim %cst_396, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1497 = stablehlo.add %1495, %1496 : tensor<4x8x32xf32>
    %1498 = stablehlo.divide %1238, %1497 : tensor<4x8x32xf32>
    %cst_397 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1499 = stablehlo.broadcast_in_dim %cst_397, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1500 = stablehlo.add %1316, %1499 : tensor<4x8xf32>
    %1501 = stablehlo.sqrt %1500 : tensor<4x8xf32>
    %cst_398 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1502 = stablehlo.broadcast_in_dim %cst_398, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1503 = stablehlo.add %1501, %1502 : tensor<4x8xf32>
    %1504 = stablehlo.divide %1240, %1503 : tensor<4x8xf32>
    %cst_399 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1505 = stablehlo.broadcast_in_dim %cst_399, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1506 = stablehlo.add %1318, %1505 : tensor<32x4x8xf32>
    %1507 = stablehlo.sqrt %1506 : tensor<32x4x8xf32>
    %cst_400 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1508 = stablehlo.broadcast_in_dim %cst_400, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1509 = stablehlo.add %1507, %1508 : tensor<32x4x8xf32>
    %1510 = stablehlo.divide %1242, %1509 : tensor<32x4x8xf32>
    %cst_401 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1511 = stablehlo.broadcast_in_dim %cst_401, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1512 = stablehlo.add %1320, %1511 : tensor<4x8xf32>
    %1513 = stablehlo.sqrt %1512 : tensor<4x8xf32>
    %cst_402 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1514 = stablehlo.broadcast_in_dim %cst_402, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1515 = stablehlo.add %1513, %1514 : tensor<4x8xf32>
    %1516 = stablehlo.divide %1244, %1515 : tensor<4x8xf32>
    %cst_403 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1517 = stablehlo.broadcast_in_dim %cst_403, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1518 = stablehlo.add %1322, %1517 : tensor<32x4x8xf32>
    %1519 = stablehlo.sqrt %1518 : tensor<32x4x8xf32>
    %cst_404 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1520 = stablehlo.broadcast_in_dim %cst_404, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1521 = stablehlo.add %1519, %1520 : tensor<32x4x8xf32>
    %1522 = stablehlo.divide %1246, %1521 : tensor<32x4x8xf32>
    %cst_405 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1523 = stablehlo.broadcast_in_dim %cst_405, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1524 = stablehlo.add %1324, %1523 : tensor<128x32xf32>
    %1525 = stablehlo.sqrt %1524 : tensor<128x32xf32>
    %cst_406 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1526 = stablehlo.broadcast_in_dim %cst_406, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1527 = stablehlo.add %1525, %1526 : tensor<128x32xf32>
    %1528 = stablehlo.divide %1248, %1527 : tensor<128x32xf32>
    %cst_407 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1529 = stablehlo.broadcast_in_dim %cst_407, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1530 = stablehlo.add %1326, %1529 : tensor<32xf32>
    %1531 = stablehlo.sqrt %1530 : tensor<32xf32>
    %cst_408 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1532 = stablehlo.broadcast_in_dim %cst_408, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1533 = stablehlo.add %1531, %1532 : tensor<32xf32>
    %1534 = stablehlo.divide %1250, %1533 : tensor<32xf32>
    %cst_409 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1535 = stablehlo.broadcast_in_dim %cst_409, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1536 = stablehlo.add %1328, %1535 : tensor<32xf32>
    %1537 = stablehlo.sqrt %1536 : tensor<32xf32>
    %cst_410 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1538 = stablehlo.broadcast_in_dim %cst_410, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1539 = stablehlo.add %1537, %1538 : tensor<32xf32>
    %1540 = stablehlo.divide %1252, %1539 : tensor<32xf32>
    %cst_411 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1541 = stablehlo.broadcast_in_dim %cst_411, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %1542 = stablehlo.add %1330, %1541 : tensor<16x32xf32>
    %1543 = stablehlo.sqrt %1542 : tensor<16x32xf32>
    %cst_412 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1544 = stablehlo.broadcast_in_dim %cst_412, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %1545 = stablehlo.add %1543, %1544 : tensor<16x32xf32>
    %1546 = stablehlo.divide %1254, %1545 : tensor<16x32xf32>
    %cst_413 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1547 = stablehlo.broadcast_in_dim %cst_413, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1548 = stablehlo.multiply %1547, %arg0 : tensor<32xf32>
    %1549 = stablehlo.add %1336, %1548 : tensor<32xf32>
    %cst_414 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1550 = stablehlo.broadcast_in_dim %cst_414, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1551 = stablehlo.multiply %1550, %arg1 : tensor<128x32xf32>
    %1552 = stablehlo.add %1342, %1551 : tensor<128x32xf32>
    %cst_415 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1553 = stablehlo.broadcast_in_dim %cst_415, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1554 = stablehlo.multiply %1553, %arg2 : tensor<128xf32>
    %1555 = stablehlo.add %1348, %1554 : tensor<128xf32>
    %cst_416 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1556 = stablehlo.broadcast_in_dim %cst_416, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1557 = stablehlo.multiply %1556, %arg3 : tensor<32x128xf32>
    %1558 = stablehlo.add %1354, %1557 : tensor<32x128xf32>
    %cst_417 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1559 = stablehlo.broadcast_in_dim %cst_417, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1560 = stablehlo.multiply %1559, %arg4 : tensor<32xf32>
    %1561 = stablehlo.add %1360, %1560 : tensor<32xf32>
    %cst_418 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1562 = stablehlo.broadcast_in_dim %cst_418, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1563 = stablehlo.multiply %1562, %arg5 : tensor<32xf32>
    %1564 = stablehlo.add %1366, %1563 : tensor<32xf32>
    %cst_419 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1565 = stablehlo.broadcast_in_dim %cst_419, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1566 = stablehlo.multiply %1565, %arg6 : tensor<32xf32>
    %1567 = stablehlo.add %1372, %1566 : tensor<32xf32>
    %cst_420 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1568 = stablehlo.broadcast_in_dim %cst_420, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1569 = stablehlo.multiply %1568, %arg7 : tensor<32xf32>
    %1570 = stablehlo.add %1378, %1569 : tensor<32xf32>
    %cst_421 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1571 = stablehlo.broadcast_in_dim %cst_421, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1572 = stablehlo.multiply %1571, %arg8 : tensor<4x8xf32>
    %1573 = stablehlo.add %1384, %1572 : tensor<4x8xf32>
    %cst_422 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1574 = stablehlo.broadcast_in_dim %cst_422, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1575 = stablehlo.multiply %1574, %arg9 : tensor<32x4x8xf32>
    %1576 = stablehlo.add %1390, %1575 : tensor<32x4x8xf32>
    %cst_423 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1577 = stablehlo.broadcast_in_dim %cst_423, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1578 = stablehlo.multiply %1577, %arg10 : tensor<32xf32>
    %1579 = stablehlo.add %1396, %1578 : tensor<32xf32>
    %cst_424 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1580 = stablehlo.broadcast_in_dim %cst_424, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1581 = stablehlo.multiply %1580, %arg11 : tensor<4x8x32xf32>
    %1582 = stablehlo.add %1402, %1581 : tensor<4x8x32xf32>
    %cst_425 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1583 = stablehlo.broadcast_in_dim %cst_425, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1584 = stablehlo.multiply %1583, %arg12 : tensor<4x8xf32>
    %1585 = stablehlo.add %1408, %1584 : tensor<4x8xf32>
    %cst_426 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1586 = stablehlo.broadcast_in_dim %cst_426, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1587 = stablehlo.multiply %1586, %arg13 : tensor<32x4x8xf32>
    %1588 = stablehlo.add %1414, %1587 : tensor<32x4x8xf32>
    %cst_427 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1589 = stablehlo.broadcast_in_dim %cst_427, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1590 = stablehlo.multiply %1589, %arg14 : tensor<4x8xf32>
    %1591 = stablehlo.add %1420, %1590 : tensor<4x8xf32>
    %cst_428 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1592 = stablehlo.broadcast_in_dim %cst_428, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1593 = stablehlo.multiply %1592, %arg15 : tensor<32x4x8xf32>
    %1594 = stablehlo.add %1426, %1593 : tensor<32x4x8xf32>
    %cst_429 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1595 = stablehlo.broadcast_in_dim %cst_429, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1596 = stablehlo.multiply %1595, %arg16 : tensor<32xf32>
    %1597 = stablehlo.add %1432, %1596 : tensor<32xf32>
    %cst_430 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1598 = stablehlo.broadcast_in_dim %cst_430, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1599 = stablehlo.multiply %1598, %arg17 : tensor<128x32xf32>
    %1600 = stablehlo.add %1438, %1599 : tensor<128x32xf32>
    %cst_431 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1601 = stablehlo.broadcast_in_dim %cst_431, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1602 = stablehlo.multiply %1601, %arg18 : tensor<128xf32>
    %1603 = stablehlo.add %1444, %1602 : tensor<128xf32>
    %cst_432 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1604 = stablehlo.broadcast_in_dim %cst_432, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1605 = stablehlo.multiply %1604, %arg19 : tensor<32x128xf32>
    %1606 = stablehlo.add %1450, %1605 : tensor<32x128xf32>
    %cst_433 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1607 = stablehlo.broadcast_in_dim %cst_433, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1608 = stablehlo.multiply %1607, %arg20 : tensor<32xf32>
    %1609 = stablehlo.add %1456, %1608 : tensor<32xf32>
    %cst_434 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1610 = stablehlo.broadcast_in_dim %cst_434, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1611 = stablehlo.multiply %1610, %arg21 : tensor<32xf32>
    %1612 = stablehlo.add %1462, %1611 : tensor<32xf32>
    %cst_435 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1613 = stablehlo.broadcast_in_dim %cst_435, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1614 = stablehlo.multiply %1613, %arg22 : tensor<32xf32>
    %1615 = stablehlo.add %1468, %1614 : tensor<32xf32>
    %cst_436 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1616 = stablehlo.broadcast_in_dim %cst_436, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1617 = stablehlo.multiply %1616, %arg23 : tensor<32xf32>
    %1618 = stablehlo.add %1474, %1617 : tensor<32xf32>
    %cst_437 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1619 = stablehlo.broadcast_in_dim %cst_437, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1620 = stablehlo.multiply %1619, %arg24 : tensor<4x8xf32>
    %1621 = stablehlo.add %1480, %1620 : tensor<4x8xf32>
    %cst_438 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1622 = stablehlo.broadcast_in_dim %cst_438, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1623 = stablehlo.multiply %1622, %arg25 : tensor<32x4x8xf32>
    %1624 = stablehlo.add %1486, %1623 : tensor<32x4x8xf32>
    %cst_439 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1625 = stablehlo.broadcast_in_dim %cst_439, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1626 = stablehlo.multiply %1625, %arg26 : tensor<32xf32>
    %1627 = stablehlo.add %1492, %1626 : tensor<32xf32>
    %cst_440 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1628 = stablehlo.broadcast_in_dim %cst_440, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1629 = stablehlo.multiply %1628, %arg27 : tensor<4x8x32xf32>
    %1630 = stablehlo.add %1498, %1629 : tensor<4x8x32xf32>
    %cst_441 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1631 = stablehlo.broadcast_in_dim %cst_441, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1632 = stablehlo.multiply %1631, %arg28 : tensor<4x8xf32>
    %1633 = stablehlo.add %1504, %1632 : tensor<4x8xf32>
    %cst_442 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1634 = stablehlo.broadcast_in_dim %cst_442, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1635 = stablehlo.multiply %1634, %arg29 : tensor<32x4x8xf32>
    %1636 = stablehlo.add %1510, %1635 : tensor<32x4x8xf32>
    %cst_443 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1637 = stablehlo.broadcast_in_dim %cst_443, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1638 = stablehlo.multiply %1637, %arg30 : tensor<4x8xf32>
    %1639 = stablehlo.add %1516, %1638 : tensor<4x8xf32>
    %cst_444 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1640 = stablehlo.broadcast_in_dim %cst_444, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1641 = stablehlo.multiply %1640, %arg31 : tensor<32x4x8xf32>
    %1642 = stablehlo.add %1522, %1641 : tensor<32x4x8xf32>
    %cst_445 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1643 = stablehlo.broadcast_in_dim %cst_445, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1644 = stablehlo.multiply %1643, %arg32 : tensor<128x32xf32>
    %1645 = stablehlo.add %1528, %1644 : tensor<128x32xf32>
    %cst_446 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1646 = stablehlo.broadcast_in_dim %cst_446, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1647 = stablehlo.multiply %1646, %arg33 : tensor<32xf32>
    %1648 = stablehlo.add %1534, %1647 : tensor<32xf32>
    %cst_447 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1649 = stablehlo.broadcast_in_dim %cst_447, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1650 = stablehlo.multiply %1649, %arg34 : tensor<32xf32>
    %1651 = stablehlo.add %1540, %1650 : tensor<32xf32>
    %cst_448 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %1652 = stablehlo.broadcast_in_dim %cst_448, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %1653 = stablehlo.multiply %1652, %arg35 : tensor<16x32xf32>
    %1654 = stablehlo.add %1546, %1653 : tensor<16x32xf32>
    %cst_449 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1655 = stablehlo.broadcast_in_dim %cst_449, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1656 = stablehlo.multiply %1655, %1549 : tensor<32xf32>
    %cst_450 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1657 = stablehlo.broadcast_in_dim %cst_450, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1658 = stablehlo.multiply %1657, %1552 : tensor<128x32xf32>
    %cst_451 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1659 = stablehlo.broadcast_in_dim %cst_451, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1660 = stablehlo.multiply %1659, %1555 : tensor<128xf32>
    %cst_452 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1661 = stablehlo.broadcast_in_dim %cst_452, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1662 = stablehlo.multiply %1661, %1558 : tensor<32x128xf32>
    %cst_453 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1663 = stablehlo.broadcast_in_dim %cst_453, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1664 = stablehlo.multiply %1663, %1561 : tensor<32xf32>
    %cst_454 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1665 = stablehlo.broadcast_in_dim %cst_454, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1666 = stablehlo.multiply %1665, %1564 : tensor<32xf32>
    %cst_455 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1667 = stablehlo.broadcast_in_dim %cst_455, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1668 = stablehlo.multiply %1667, %1567 : tensor<32xf32>
    %cst_456 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1669 = stablehlo.broadcast_in_dim %cst_456, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1670 = stablehlo.multiply %1669, %1570 : tensor<32xf32>
    %cst_457 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1671 = stablehlo.broadcast_in_dim %cst_457, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1672 = stablehlo.multiply %1671, %1573 : tensor<4x8xf32>
    %cst_458 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1673 = stablehlo.broadcast_in_dim %cst_458, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1674 = stablehlo.multiply %1673, %1576 : tensor<32x4x8xf32>
    %cst_459 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1675 = stablehlo.broadcast_in_dim %cst_459, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1676 = stablehlo.multiply %1675, %1579 : tensor<32xf32>
    %cst_460 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1677 = stablehlo.broadcast_in_dim %cst_460, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1678 = stablehlo.multiply %1677, %1582 : tensor<4x8x32xf32>
    %cst_461 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1679 = stablehlo.broadcast_in_dim %cst_461, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1680 = stablehlo.multiply %1679, %1585 : tensor<4x8xf32>
    %cst_462 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1681 = stablehlo.broadcast_in_dim %cst_462, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1682 = stablehlo.multiply %1681, %1588 : tensor<32x4x8xf32>
    %cst_463 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1683 = stablehlo.broadcast_in_dim %cst_463, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1684 = stablehlo.multiply %1683, %1591 : tensor<4x8xf32>
    %cst_464 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1685 = stablehlo.broadcast_in_dim %cst_464, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1686 = stablehlo.multiply %1685, %1594 : tensor<32x4x8xf32>
    %cst_465 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1687 = stablehlo.broadcast_in_dim %cst_465, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1688 = stablehlo.multiply %1687, %1597 : tensor<32xf32>
    %cst_466 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1689 = stablehlo.broadcast_in_dim %cst_466, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1690 = stablehlo.multiply %1689, %1600 : tensor<128x32xf32>
    %cst_467 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1691 = stablehlo.broadcast_in_dim %cst_467, dims = [] : (tensor<f32>) -> tensor<128xf32>
    %1692 = stablehlo.multiply %1691, %1603 : tensor<128xf32>
    %cst_468 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1693 = stablehlo.broadcast_in_dim %cst_468, dims = [] : (tensor<f32>) -> tensor<32x128xf32>
    %1694 = stablehlo.multiply %1693, %1606 : tensor<32x128xf32>
    %cst_469 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1695 = stablehlo.broadcast_in_dim %cst_469, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1696 = stablehlo.multiply %1695, %1609 : tensor<32xf32>
    %cst_470 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1697 = stablehlo.broadcast_in_dim %cst_470, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1698 = stablehlo.multiply %1697, %1612 : tensor<32xf32>
    %cst_471 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1699 = stablehlo.broadcast_in_dim %cst_471, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1700 = stablehlo.multiply %1699, %1615 : tensor<32xf32>
    %cst_472 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1701 = stablehlo.broadcast_in_dim %cst_472, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1702 = stablehlo.multiply %1701, %1618 : tensor<32xf32>
    %cst_473 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1703 = stablehlo.broadcast_in_dim %cst_473, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1704 = stablehlo.multiply %1703, %1621 : tensor<4x8xf32>
    %cst_474 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1705 = stablehlo.broadcast_in_dim %cst_474, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1706 = stablehlo.multiply %1705, %1624 : tensor<32x4x8xf32>
    %cst_475 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1707 = stablehlo.broadcast_in_dim %cst_475, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1708 = stablehlo.multiply %1707, %1627 : tensor<32xf32>
    %cst_476 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1709 = stablehlo.broadcast_in_dim %cst_476, dims = [] : (tensor<f32>) -> tensor<4x8x32xf32>
    %1710 = stablehlo.multiply %1709, %1630 : tensor<4x8x32xf32>
    %cst_477 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1711 = stablehlo.broadcast_in_dim %cst_477, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1712 = stablehlo.multiply %1711, %1633 : tensor<4x8xf32>
    %cst_478 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1713 = stablehlo.broadcast_in_dim %cst_478, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1714 = stablehlo.multiply %1713, %1636 : tensor<32x4x8xf32>
    %cst_479 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1715 = stablehlo.broadcast_in_dim %cst_479, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1716 = stablehlo.multiply %1715, %1639 : tensor<4x8xf32>
    %cst_480 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1717 = stablehlo.broadcast_in_dim %cst_480, dims = [] : (tensor<f32>) -> tensor<32x4x8xf32>
    %1718 = stablehlo.multiply %1717, %1642 : tensor<32x4x8xf32>
    %cst_481 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1719 = stablehlo.broadcast_in_dim %cst_481, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1720 = stablehlo.multiply %1719, %1645 : tensor<128x32xf32>
    %cst_482 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1721 = stablehlo.broadcast_in_dim %cst_482, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1722 = stablehlo.multiply %1721, %1648 : tensor<32xf32>
    %cst_483 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1723 = stablehlo.broadcast_in_dim %cst_483, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1724 = stablehlo.multiply %1723, %1651 : tensor<32xf32>
    %cst_484 = stablehlo.constant dense<-3.000000e-04> : tensor<f32>
    %1725 = stablehlo.broadcast_in_dim %cst_484, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %1726 = stablehlo.multiply %1725, %1654 : tensor<16x32xf32>
    %1727 = stablehlo.add %arg0, %1656 : tensor<32xf32>
    %1728 = stablehlo.add %arg1, %1658 : tensor<128x32xf32>
    %1729 = stablehlo.add %arg2, %1660 : tensor<128xf32>
    %1730 = stablehlo.add %arg3, %1662 : tensor<32x128xf32>
    %1731 = stablehlo.add %arg4, %1664 : tensor<32xf32>
    %1732 = stablehlo.add %arg5, %1666 : tensor<32xf32>
    %1733 = stablehlo.add %arg6, %1668 : tensor<32xf32>
    %1734 = stablehlo.add %arg7, %1670 : tensor<32xf32>
    %1735 = stablehlo.add %arg8, %1672 : tensor<4x8xf32>
    %1736 = stablehlo.add %arg9, %1674 : tensor<32x4x8xf32>
    %1737 = stablehlo.add %arg10, %1676 : tensor<32xf32>
    %1738 = stablehlo.add %arg11, %1678 : tensor<4x8x32xf32>
    %1739 = stablehlo.add %arg12, %1680 : tensor<4x8xf32>
    %1740 = stablehlo.add %arg13, %1682 : tensor<32x4x8xf32>
    %1741 = stablehlo.add %arg14, %1684 : tensor<4x8xf32>
    %1742 = stablehlo.add %arg15, %1686 : tensor<32x4x8xf32>
    %1743 = stablehlo.add %arg16, %1688 : tensor<32xf32>
    %1744 = stablehlo.add %arg17, %1690 : tensor<128x32xf32>
    %1745 = stablehlo.add %arg18, %1692 : tensor<128xf32>
    %1746 = stablehlo.add %arg19, %1694 : tensor<32x128xf32>
    %1747 = stablehlo.add %arg20, %1696 : tensor<32xf32>
    %1748 = stablehlo.add %arg21, %1698 : tensor<32xf32>
    %1749 = stablehlo.add %arg22, %1700 : tensor<32xf32>
    %1750 = stablehlo.add %arg23, %1702 : tensor<32xf32>
    %1751 = stablehlo.add %arg24, %1704 : tensor<4x8xf32>
    %1752 = stablehlo.add %arg25, %1706 : tensor<32x4x8xf32>
    %1753 = stablehlo.add %arg26, %1708 : tensor<32xf32>
    %1754 = stablehlo.add %arg27, %1710 : tensor<4x8x32xf32>
    %1755 = stablehlo.add %arg28, %1712 : tensor<4x8xf32>
    %1756 = stablehlo.add %arg29, %1714 : tensor<32x4x8xf32>
    %1757 = stablehlo.add %arg30, %1716 : tensor<4x8xf32>
    %1758 = stablehlo.add %arg31, %1718 : tensor<32x4x8xf32>
    %1759 = stablehlo.add %arg32, %1720 : tensor<128x32xf32>
    %1760 = stablehlo.add %arg33, %1722 : tensor<32xf32>
    %1761 = stablehlo.add %arg34, %1724 : tensor<32xf32>
    %1762 = stablehlo.add %arg35, %1726 : tensor<16x32xf32>
    return %1727, %1728, %1729, %1730, %1731, %1732, %1733, %1734, %1735, %1736, %1737, %1738, %1739, %1740, %1741, %1742, %1743, %1744, %1745, %1746, %1747, %1748, %1749, %1750, %1751, %1752, %1753, %1754, %1755, %1756, %1757, %1758, %1759, %1760, %1761, %1762, %1178, %784, %789, %794, %799, %804, %809, %814, %819, %824, %829, %834, %839, %844, %849, %854, %859, %864, %869, %874, %879, %884, %889, %894, %899, %904, %909, %914, %919, %924, %929, %934, %939, %944, %949, %954, %959, %965, %971, %977, %983, %989, %995, %1001, %1007, %1013, %1019, %1025, %1031, %1037, %1043, %1049, %1055, %1061, %1067, %1073, %1079, %1085, %1091, %1097, %1103, %1109, %1115, %1121, %1127, %1133, %1139, %1145, %1151, %1157, %1163, %1169, %1175, %441 : tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<32xf32>, tensor<4x8x32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<32xf32>, tensor<4x8x32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<16x32xf32>, tensor<i32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<32xf32>, tensor<4x8x32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<32xf32>, tensor<4x8x32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<16x32xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<32xf32>, tensor<4x8x32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<32xf32>, tensor<128x32xf32>, tensor<128xf32>, tensor<32x128xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<32xf32>, tensor<4x8x32xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<4x8xf32>, tensor<32x4x8xf32>, tensor<128x32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<16x32xf32>, tensor<f32>
  }
  func.func private @_take(%arg0: tensor<128x32xf32>, %arg1: tensor<2x16xi32>) -> (tensor<2x16x32xf32>, tensor<2x16x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x16xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi1>
    %c_0 = stablehlo.constant dense<128> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x16xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x16xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %c_1 = stablehlo.constant dense<127> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x16x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<2x16x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x16x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<2x16x1xi1>, tensor<i1>) -> tensor<2x16xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 32>}> : (tensor<128x32xf32>, tensor<2x16x1xi32>) -> tensor<2x16x32xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x16xi1>) -> tensor<2x16x32xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<2x16x32xi1>, tensor<2x16x32xf32>
    return %16, %5 : tensor<2x16x32xf32>, tensor<2x16x1xi32>
  }
  func.func private @_where(%arg0: tensor<2x16xi1>, %arg1: tensor<2x16xi32>, %arg2: tensor<2x16xi32>) -> tensor<2x16xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x16xi1>, tensor<2x16xi32>
    return %0 : tensor<2x16xi32>
  }
  func.func private @_where_0(%arg0: tensor<2x1x16x16xf32>, %arg1: tensor<2x4x16x16xf32>, %arg2: tensor<f32>) -> (tensor<2x4x16x16xf32>, tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x1x16x16xf32>
    %1 = stablehlo.compare NE, %arg0, %0, FLOAT : (tensor<2x1x16x16xf32>, tensor<2x1x16x16xf32>) -> tensor<2x1x16x16xi1>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<2x1x16x16xi1>) -> tensor<2x4x16x16xi1>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %4 = stablehlo.select %2, %arg1, %3 : tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x4x16x16xf32>
    return %4, %2, %5 : tensor<2x4x16x16xf32>, tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<2x16x128xf32>, %arg1: tensor<2x16x1xi32>) -> (tensor<2x16x1xf32>, tensor<2x16x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x16x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %c_0 = stablehlo.constant dense<128> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x16x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x16x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2x16x1xi1>, tensor<2x16x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<2x16x1xi32>) -> tensor<2x16x1x1xi32>
    %c_1 = stablehlo.constant dense<127> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x16x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x16x1x1xi32>, tensor<2x16x1x1xi32>) -> tensor<2x16x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<2x16x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x16x1x1xi32>, tensor<2x16x1x1xi32>) -> tensor<2x16x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x16x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<2x16x1x1xi1>, tensor<i1>) -> tensor<2x16x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x16x128xf32>, tensor<2x16x1x1xi32>) -> tensor<2x16x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<2x16x1xi1>, tensor<2x16x1xf32>
    return %15, %5 : tensor<2x16x1xf32>, tensor<2x16x1x1xi32>
  }
  func.func private @_take_1(%arg0: tensor<2x16x1xf32>, %arg1: tensor<i32>) -> (tensor<2x16xf32>, tensor<1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i32>
    %2 = call @_where_2(%0, %1, %arg1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<1xi32>
    %4 = stablehlo.convert %3 : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %7 = stablehlo.compare LE, %4, %c_1, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %8 = stablehlo.and %6, %7 : tensor<1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %9 = stablehlo.reduce(%8 init: %c_3) applies stablehlo.and across dimensions = [0] : (tensor<1xi1>, tensor<i1>) -> tensor<i1>
    %10 = "stablehlo.gather"(%arg0, %4) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [2], start_index_map = [2]>, indices_are_sorted = false, slice_sizes = array<i64: 2, 16, 1>}> : (tensor<2x16x1xf32>, tensor<1xi32>) -> tensor<2x16xf32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<2x16xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %13 = stablehlo.select %11, %10, %12 : tensor<2x16xi1>, tensor<2x16xf32>
    return %13, %3 : tensor<2x16xf32>, tensor<1xi32>
  }
  func.func private @_where_2(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_take_3(%arg0: tensor<1xi32>, %arg1: tensor<2x16xf32>) -> tensor<2x16x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [2]>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x16x1xf32>, tensor<1xi32>, tensor<2x16xf32>) -> tensor<2x16x1xf32>
    return %1 : tensor<2x16x1xf32>
  }
  func.func private @take_along_axis_4(%arg0: tensor<2x16x1x1xi32>, %arg1: tensor<2x16x1xf32>) -> tensor<2x16x128xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x16x128xf32>, tensor<2x16x1x1xi32>, tensor<2x16x1xf32>) -> tensor<2x16x128xf32>
    return %1 : tensor<2x16x128xf32>
  }
  func.func private @_where_5(%arg0: tensor<2x4x16x16xi1>, %arg1: tensor<2x4x16x16xf32>, %arg2: tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>
    return %1 : tensor<2x4x16x16xf32>
  }
  func.func private @_take_6(%arg0: tensor<2x16x1xi32>, %arg1: tensor<2x16x32xf32>) -> tensor<128x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x32xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<128x32xf32>, tensor<2x16x1xi32>, tensor<2x16x32xf32>) -> tensor<128x32xf32>
    return %1 : tensor<128x32xf32>
  }
  func.func private @_where_7(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
