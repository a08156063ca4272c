module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x1x3x3xf32>, %arg1: tensor<4x1x1xf32>, %arg2: tensor<4x4x3x3xf32>, %arg3: tensor<4x1x1xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64xf32>, %arg6: tensor<32x64xf32>, %arg7: tensor<32xf32>, %arg8: tensor<32x32xf32>, %arg9: tensor<32xf32>, %arg10: tensor<10x32xf32>, %arg11: tensor<10xf32>, %arg12: tensor<i32>, %arg13: tensor<4x1x3x3xf32>, %arg14: tensor<4x1x1xf32>, %arg15: tensor<4x4x3x3xf32>, %arg16: tensor<4x1x1xf32>, %arg17: tensor<64xf32>, %arg18: tensor<64xf32>, %arg19: tensor<32x64xf32>, %arg20: tensor<32xf32>, %arg21: tensor<32x32xf32>, %arg22: tensor<32xf32>, %arg23: tensor<10x32xf32>, %arg24: tensor<10xf32>, %arg25: tensor<4x1x3x3xf32>, %arg26: tensor<4x1x1xf32>, %arg27: tensor<4x4x3x3xf32>, %arg28: tensor<4x1x1xf32>, %arg29: tensor<64xf32>, %arg30: tensor<64xf32>, %arg31: tensor<32x64xf32>, %arg32: tensor<32xf32>, %arg33: tensor<32x32xf32>, %arg34: tensor<32xf32>, %arg35: tensor<10x32xf32>, %arg36: tensor<10xf32>, %arg37: tensor<4x1x8x8xf32>, %arg38: tensor<4xi32>) -> (tensor<4x1x3x3xf32> {jax.result_info = "result[0].conv1.weight"}, tensor<4x1x1xf32> {jax.result_info = "result[0].conv1.bias"}, tensor<4x4x3x3xf32> {jax.result_info = "result[0].conv2.weight"}, tensor<4x1x1xf32> {jax.result_info = "result[0].conv2.bias"}, tensor<64xf32> {jax.result_info = "result[0].norm.weight"}, tensor<64xf32> {jax.result_info = "result[0].norm.bias"}, tensor<32x64xf32> {jax.result_info = "result[0].mlp.layers[0].weight"}, tensor<32xf32> {jax.result_info = "result[0].mlp.layers[0].bias"}, tensor<32x32xf32> {jax.result_info = "result[0].mlp.layers[1].weight"}, tensor<32xf32> {jax.result_info = "result[0].mlp.layers[1].bias"}, tensor<10x32xf32> {jax.result_info = "result[0].mlp.layers[2].weight"}, tensor<10xf32> {jax.result_info = "result[0].mlp.layers[2].bias"}, tensor<i32> {jax.result_info = "result[1][0].count"}, tensor<4x1x3x3xf32> {jax.result_info = "result[1][0].mu.conv1.weight"}, tensor<4x1x1xf32> {jax.result_info = "result[1][0].mu.conv1.bias"}, tensor<4x4x3x3xf32> {jax.result_info = "result[1][0].mu.conv2.weight"}, tensor<4x1x1xf32> {jax.result_info = "result[1][0].mu.conv2.bias"}, tensor<64xf32> {jax.result_info = "result[1][0].mu.norm.weight"}, tensor<64xf32> {jax.result_info = "result[1][0].mu.norm.bias"}, tensor<32x64xf32> {jax.result_info = "result[1][0].mu.mlp.layers[0].weight"}, tensor<32xf32> {jax.result_info = "result[1][0].mu.mlp.layers[0].bias"}, tensor<32x32xf32> {jax.result_info = "result[1][0].mu.mlp.layers[1].weight"}, tensor<32xf32> {jax.result_info = "result[1][0].mu.mlp.layers[1].bias"}, tensor<10x32xf32> {jax.result_info = "result[1][0].mu.mlp.layers[2].weight"}, tensor<10xf32> {jax.result_info = "result[1][0].mu.mlp.layers[2].bias"}, tensor<4x1x3x3xf32> {jax.result_info = "result[1][0].nu.conv1.weight"}, tensor<4x1x1xf32> {jax.result_info = "result[1][0].nu.conv1.bias"}, tensor<4x4x3x3xf32> {jax.result_info = "result[1][0].nu.conv2.weight"}, tensor<4x1x1xf32> {jax.result_info = "result[1][0].nu.conv2.bias"}, tensor<64xf32> {jax.result_info = "result[1][0].nu.norm.weight"}, tensor<64xf32> {jax.result_info = "result[1][0].nu.norm.bias"}, tensor<32x64xf32> {jax.result_info = "result[1][0].nu.mlp.layers[0].weight"}, tensor<32xf32> {jax.result_info = "result[1][0].nu.mlp.layers[0].bias"}, tensor<32x32xf32> {jax.result_info = "result[1][0].nu.mlp.layers[1].weight"}, tensor<32xf32> {jax.result_info = "result[1][0].nu.mlp.layers[1].bias"}, tensor<10x32xf32> {jax.result_info = "result[1][0].nu.mlp.layers[2].weight"}, tensor<10xf32> {jax.result_info = "result[1][0].nu.mlp.layers[2].bias"}, tensor<f32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.broadcast_in_dim %arg37, dims = [0, 2, 3, 4] : (tensor<4x1x8x8xf32>) -> tensor<4x1x1x8x8xf32>
    %1 = stablehlo.reshape %0 : (tensor<4x1x1x8x8xf32>) -> tensor<4x1x8x8xf32>
    %2 = stablehlo.convolution(%1, %arg0) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x1x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<4x4x8x8xf32>
    %3 = stablehlo.reshape %2 : (tensor<4x4x8x8xf32>) -> tensor<4x1x4x8x8xf32>
    %4 = stablehlo.reshape %3 : (tensor<4x1x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %5 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<1x4x1x1xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<4x4x8x8xf32>
    %7 = stablehlo.add %4, %6 : tensor<4x4x8x8xf32>
    %8 = call @relu(%7) : (tensor<4x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4x8x8xf32>
    %10 = stablehlo.compare GT, %7, %9, FLOAT : (tensor<4x4x8x8xf32>, tensor<4x4x8x8xf32>) -> tensor<4x4x8x8xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x8x8xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [1, 2, 3] : (tensor<4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %13 = stablehlo.broadcast_in_dim %8, dims = [0, 2, 3, 4] : (tensor<4x4x8x8xf32>) -> tensor<4x1x4x8x8xf32>
    %14 = stablehlo.reshape %13 : (tensor<4x1x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %15 = stablehlo.convolution(%14, %arg2) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<4x4x4x4xf32>
    %16 = stablehlo.reshape %15 : (tensor<4x4x4x4xf32>) -> tensor<4x1x4x4x4xf32>
    %17 = stablehlo.reshape %16 : (tensor<4x1x4x4x4xf32>) -> tensor<4x4x4x4xf32>
    %18 = stablehlo.broadcast_in_dim %arg3, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<1x4x1x1xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<4x4x4x4xf32>
    %20 = stablehlo.add %17, %19 : tensor<4x4x4x4xf32>
    %21 = call @relu_0(%20) : (tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x4x4x4xf32>
    %23 = stablehlo.compare GT, %20, %22, FLOAT : (tensor<4x4x4x4xf32>, tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x4x4xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [1, 2, 3] : (tensor<4x4x4xf32>) -> tensor<4x4x4x4xf32>
    %26 = stablehlo.reshape %21 : (tensor<4x4x4x4xf32>) -> tensor<4x64xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<4x64xf32>, tensor<f32>) -> tensor<4xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %cst_4 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %30 = stablehlo.divide %28, %29 : tensor<4x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %31:5 = call @_var(%26, %c) : (tensor<4x64xf32>, tensor<i32>) -> (tensor<4x1xf32>, tensor<4x64xf32>, tensor<f32>, tensor<i1>, tensor<4x1xf32>)
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %33 = stablehlo.maximum %32, %31#0 : tensor<4x1xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %35 = stablehlo.compare GT, %31#0, %34, FLOAT : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xi1>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %37 = stablehlo.compare EQ, %31#0, %36, FLOAT : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xi1>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %cst_10 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %41 = stablehlo.select %37, %40, %39 : tensor<4x1xi1>, tensor<4x1xf32>
    %42 = stablehlo.select %35, %38, %41 : tensor<4x1xi1>, tensor<4x1xf32>
    %cst_11 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %44 = stablehlo.add %33, %43 : tensor<4x1xf32>
    %45 = stablehlo.rsqrt %44 : tensor<4x1xf32>
    %46 = stablehlo.divide %45, %44 : tensor<4x1xf32>
    %cst_12 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %48 = stablehlo.multiply %47, %46 : tensor<4x1xf32>
    %49 = stablehlo.broadcast_in_dim %30, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x64xf32>
    %50 = stablehlo.subtract %26, %49 : tensor<4x64xf32>
    %51 = stablehlo.broadcast_in_dim %45, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x64xf32>
    %52 = stablehlo.multiply %50, %51 : tensor<4x64xf32>
    %53 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<4x64xf32>
    %55 = stablehlo.multiply %54, %52 : tensor<4x64xf32>
    %56 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<4x64xf32>
    %58 = stablehlo.add %55, %57 : tensor<4x64xf32>
    %59 = stablehlo.dot_general %arg6, %58, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<32x64xf32>, tensor<4x64xf32>) -> tensor<32x4xf32>
    %60 = stablehlo.transpose %59, dims = [1, 0] : (tensor<32x4xf32>) -> tensor<4x32xf32>
    %61 = stablehlo.broadcast_in_dim %arg7, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<4x32xf32>
    %63 = stablehlo.add %60, %62 : tensor<4x32xf32>
    %64 = stablehlo.multiply %63, %63 : tensor<4x32xf32>
    %65 = stablehlo.multiply %64, %63 : tensor<4x32xf32>
    %66 = stablehlo.multiply %63, %63 : tensor<4x32xf32>
    %cst_13 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %68 = stablehlo.multiply %67, %66 : tensor<4x32xf32>
    %cst_14 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %70 = stablehlo.multiply %69, %65 : tensor<4x32xf32>
    %71 = stablehlo.add %63, %70 : tensor<4x32xf32>
    %cst_15 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %73 = stablehlo.multiply %72, %71 : tensor<4x32xf32>
    %74 = stablehlo.tanh %73 : tensor<4x32xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %76 = stablehlo.add %75, %74 : tensor<4x32xf32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %78 = stablehlo.subtract %77, %74 : tensor<4x32xf32>
    %79 = stablehlo.multiply %76, %78 : tensor<4x32xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %81 = stablehlo.add %80, %74 : tensor<4x32xf32>
    %cst_19 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %83 = stablehlo.multiply %82, %81 : tensor<4x32xf32>
    %84 = stablehlo.multiply %63, %83 : tensor<4x32xf32>
    %85 = stablehlo.dot_general %arg8, %84, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<32x32xf32>, tensor<4x32xf32>) -> tensor<32x4xf32>
    %86 = stablehlo.transpose %85, dims = [1, 0] : (tensor<32x4xf32>) -> tensor<4x32xf32>
    %87 = stablehlo.broadcast_in_dim %arg9, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<4x32xf32>
    %89 = stablehlo.add %86, %88 : tensor<4x32xf32>
    %90 = stablehlo.multiply %89, %89 : tensor<4x32xf32>
    %91 = stablehlo.multiply %90, %89 : tensor<4x32xf32>
    %92 = stablehlo.multiply %89, %89 : tensor<4x32xf32>
    %cst_20 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %94 = stablehlo.multiply %93, %92 : tensor<4x32xf32>
    %cst_21 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %96 = stablehlo.multiply %95, %91 : tensor<4x32xf32>
    %97 = stablehlo.add %89, %96 : tensor<4x32xf32>
    %cst_22 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %99 = stablehlo.multiply %98, %97 : tensor<4x32xf32>
    %100 = stablehlo.tanh %99 : tensor<4x32xf32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %102 = stablehlo.add %101, %100 : tensor<4x32xf32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %104 = stablehlo.subtract %103, %100 : tensor<4x32xf32>
    %105 = stablehlo.multiply %102, %104 : tensor<4x32xf32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %107 = stablehlo.add %106, %100 : tensor<4x32xf32>
    %cst_26 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %109 = stablehlo.multiply %108, %107 : tensor<4x32xf32>
    %110 = stablehlo.multiply %89, %109 : tensor<4x32xf32>
    %111 = stablehlo.dot_general %arg10, %110, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<10x32xf32>, tensor<4x32xf32>) -> tensor<10x4xf32>
    %112 = stablehlo.transpose %111, dims = [1, 0] : (tensor<10x4xf32>) -> tensor<4x10xf32>
    %113 = stablehlo.broadcast_in_dim %arg11, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %114 = stablehlo.broadcast_in_dim %113, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<4x10xf32>
    %115 = stablehlo.add %112, %114 : tensor<4x10xf32>
    %116 = stablehlo.broadcast_in_dim %arg38, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %117:2 = call @take_along_axis(%115, %116) : (tensor<4x10xf32>, tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>)
    %c_27 = stablehlo.constant dense<0> : tensor<i32>
    %118:2 = call @_take(%117#0, %c_27) : (tensor<4x1xf32>, tensor<i32>) -> (tensor<4xf32>, tensor<1xi32>)
    %cst_28 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %119 = stablehlo.reduce(%115 init: %cst_28) applies stablehlo.maximum across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %120 = stablehlo.reshape %119 : (tensor<4xf32>) -> tensor<4x1xf32>
    %121 = stablehlo.broadcast_in_dim %120, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %122 = stablehlo.compare EQ, %115, %121, FLOAT : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xi1>
    %123 = stablehlo.convert %122 : (tensor<4x10xi1>) -> tensor<4x10xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %124 = stablehlo.reduce(%123 init: %cst_29) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_30 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %126 = stablehlo.maximum %125, %119 : tensor<4xf32>
    %cst_31 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %128 = stablehlo.compare GT, %119, %127, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %cst_32 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %130 = stablehlo.compare EQ, %119, %129, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %cst_33 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %cst_35 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %133 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %134 = stablehlo.select %130, %133, %132 : tensor<4xi1>, tensor<4xf32>
    %135 = stablehlo.select %128, %131, %134 : tensor<4xi1>, tensor<4xf32>
    %136 = stablehlo.is_finite %126 : (tensor<4xf32>) -> tensor<4xi1>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %138 = stablehlo.select %136, %126, %137 : tensor<4xi1>, tensor<4xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %140 = stablehlo.broadcast_in_dim %138, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %141 = stablehlo.broadcast_in_dim %140, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %142 = stablehlo.subtract %115, %141 : tensor<4x10xf32>
    %143 = stablehlo.exponential %142 : tensor<4x10xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %144 = stablehlo.reduce(%143 init: %cst_38) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %145 = stablehlo.sign %144 : tensor<4xf32>
    %146 = stablehlo.abs %144 : tensor<4xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %148 = stablehlo.compare GE, %144, %147, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %149 = stablehlo.log %146 : tensor<4xf32>
    %150 = stablehlo.add %149, %138 : tensor<4xf32>
    %151 = stablehlo.subtract %150, %118#0 : tensor<4xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %152 = stablehlo.reduce(%151 init: %cst_40) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_41 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %153 = stablehlo.divide %152, %cst_41 : tensor<f32>
    %cst_42 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_43 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %154 = stablehlo.divide %cst_42, %cst_43 : tensor<f32>
    %155 = stablehlo.broadcast_in_dim %154, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %156 = stablehlo.negate %155 : tensor<4xf32>
    %157 = stablehlo.divide %155, %146 : tensor<4xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %159 = stablehlo.select %148, %158, %157 : tensor<4xi1>, tensor<4xf32>
    %160 = stablehlo.select %148, %157, %158 : tensor<4xi1>, tensor<4xf32>
    %161 = stablehlo.negate %159 : tensor<4xf32>
    %162 = stablehlo.add %160, %161 : tensor<4xf32>
    %163 = stablehlo.broadcast_in_dim %162, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %164 = stablehlo.multiply %163, %143 : tensor<4x10xf32>
    %165 = call @_take_2(%118#1, %156) : (tensor<1xi32>, tensor<4xf32>) -> tensor<4x1xf32>
    %166 = call @take_along_axis_3(%117#1, %165) : (tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    %167 = stablehlo.add %164, %166 : tensor<4x10xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %168 = stablehlo.reduce(%167 init: %cst_45) applies stablehlo.add across dimensions = [0] : (tensor<4x10xf32>, tensor<f32>) -> tensor<10xf32>
    %169 = stablehlo.reshape %168 : (tensor<10xf32>) -> tensor<1x10xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %170 = stablehlo.reduce(%169 init: %cst_46) applies stablehlo.add across dimensions = [0] : (tensor<1x10xf32>, tensor<f32>) -> tensor<10xf32>
    %171 = stablehlo.transpose %167, dims = [1, 0] : (tensor<4x10xf32>) -> tensor<10x4xf32>
    %172 = stablehlo.dot_general %171, %arg10, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<10x4xf32>, tensor<10x32xf32>) -> tensor<4x32xf32>
    %173 = stablehlo.dot_general %171, %110, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<10x4xf32>, tensor<4x32xf32>) -> tensor<10x32xf32>
    %174 = stablehlo.multiply %89, %172 : tensor<4x32xf32>
    %175 = stablehlo.multiply %172, %109 : tensor<4x32xf32>
    %cst_47 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %176 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %177 = stablehlo.multiply %176, %174 : tensor<4x32xf32>
    %178 = stablehlo.multiply %177, %105 : tensor<4x32xf32>
    %cst_48 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %180 = stablehlo.multiply %179, %178 : tensor<4x32xf32>
    %181 = stablehlo.add %175, %180 : tensor<4x32xf32>
    %cst_49 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %183 = stablehlo.multiply %182, %180 : tensor<4x32xf32>
    %184 = stablehlo.multiply %183, %94 : tensor<4x32xf32>
    %185 = stablehlo.add %181, %184 : tensor<4x32xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %186 = stablehlo.reduce(%185 init: %cst_50) applies stablehlo.add across dimensions = [0] : (tensor<4x32xf32>, tensor<f32>) -> tensor<32xf32>
    %187 = stablehlo.reshape %186 : (tensor<32xf32>) -> tensor<1x32xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %188 = stablehlo.reduce(%187 init: %cst_51) applies stablehlo.add across dimensions = [0] : (tensor<1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %189 = stablehlo.transpose %185, dims = [1, 0] : (tensor<4x32xf32>) -> tensor<32x4xf32>
    %190 = stablehlo.dot_general %189, %arg8, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x4xf32>, tensor<32x32xf32>) -> tensor<4x32xf32>
    %191 = stablehlo.dot_general %189, %84, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x4xf32>, tensor<4x32xf32>) -> tensor<32x32xf32>
    %192 = stablehlo.multiply %63, %190 : tensor<4x32xf32>
    %193 = stablehlo.multiply %190, %83 : tensor<4x32xf32>
    %cst_52 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %195 = stablehlo.multiply %194, %192 : tensor<4x32xf32>
    %196 = stablehlo.multiply %195, %79 : tensor<4x32xf32>
    %cst_53 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %197 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %198 = stablehlo.multiply %197, %196 : tensor<4x32xf32>
    %199 = stablehlo.add %193, %198 : tensor<4x32xf32>
    %cst_54 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %200 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %201 = stablehlo.multiply %200, %198 : tensor<4x32xf32>
    %202 = stablehlo.multiply %201, %68 : tensor<4x32xf32>
    %203 = stablehlo.add %199, %202 : tensor<4x32xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %204 = stablehlo.reduce(%203 init: %cst_55) applies stablehlo.add across dimensions = [0] : (tensor<4x32xf32>, tensor<f32>) -> tensor<32xf32>
    %205 = stablehlo.reshape %204 : (tensor<32xf32>) -> tensor<1x32xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %206 = stablehlo.reduce(%205 init: %cst_56) applies stablehlo.add across dimensions = [0] : (tensor<1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %207 = stablehlo.transpose %203, dims = [1, 0] : (tensor<4x32xf32>) -> tensor<32x4xf32>
    %208 = stablehlo.dot_general %207, %arg6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x4xf32>, tensor<32x64xf32>) -> tensor<4x64xf32>
    %209 = stablehlo.dot_general %207, %58, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x4xf32>, tensor<4x64xf32>) -> tensor<32x64xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %210 = stablehlo.reduce(%208 init: %cst_57) applies stablehlo.add across dimensions = [0] : (tensor<4x64xf32>, tensor<f32>) -> tensor<64xf32>
    %211 = stablehlo.reshape %210 : (tensor<64xf32>) -> tensor<1x64xf32>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %212 = stablehlo.reduce(%211 init: %cst_58) applies stablehlo.add across dimensions = [0] : (tensor<1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %213 = stablehlo.broadcast_in_dim %53, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<4x64xf32>
    %214 = stablehlo.multiply %213, %208 : tensor<4x64xf32>
    %215 = stablehlo.multiply %208, %52 : tensor<4x64xf32>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %216 = stablehlo.reduce(%215 init: %cst_59) applies stablehlo.add across dimensions = [0] : (tensor<4x64xf32>, tensor<f32>) -> tensor<64xf32>
    %217 = stablehlo.reshape %216 : (tensor<64xf32>) -> tensor<1x64xf32>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %218 = stablehlo.reduce(%217 init: %cst_60) applies stablehlo.add across dimensions = [0] : (tensor<1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %219 = stablehlo.multiply %50, %214 : tensor<4x64xf32>
    %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %220 = stablehlo.reduce(%219 init: %cst_61) applies stablehlo.add across dimensions = [1] : (tensor<4x64xf32>, tensor<f32>) -> tensor<4xf32>
    %221 = stablehlo.reshape %220 : (tensor<4xf32>) -> tensor<4x1xf32>
    %222 = stablehlo.broadcast_in_dim %45, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x64xf32>
    %223 = stablehlo.multiply %214, %222 : tensor<4x64xf32>
    %224 = stablehlo.negate %223 : tensor<4x64xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %225 = stablehlo.reduce(%224 init: %cst_62) applies stablehlo.add across dimensions = [1] : (tensor<4x64xf32>, tensor<f32>) -> tensor<4xf32>
    %226 = stablehlo.reshape %225 : (tensor<4xf32>) -> tensor<4x1xf32>
    %227 = stablehlo.multiply %221, %48 : tensor<4x1xf32>
    %228 = stablehlo.multiply %227, %42 : tensor<4x1xf32>
    %229 = call @_var_4(%31#1, %31#2, %31#3, %31#4, %228) : (tensor<4x64xf32>, tensor<f32>, tensor<i1>, tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x64xf32>
    %230 = stablehlo.add %223, %229 : tensor<4x64xf32>
    %cst_63 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %232 = stablehlo.divide %226, %231 : tensor<4x1xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %233 = stablehlo.reduce(%232 init: %cst_64) applies stablehlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %234 = stablehlo.broadcast_in_dim %233, dims = [0] : (tensor<4xf32>) -> tensor<4x64xf32>
    %235 = stablehlo.add %230, %234 : tensor<4x64xf32>
    %236 = stablehlo.reshape %235 : (tensor<4x64xf32>) -> tensor<4x4x4x4xf32>
    %cst_65 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %237 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<4x4x4x4xf32>
    %238 = stablehlo.select %23, %236, %237 : tensor<4x4x4x4xi1>, tensor<4x4x4x4xf32>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %239 = stablehlo.reduce(%238 init: %cst_66) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x4x4x4xf32>, tensor<f32>) -> tensor<4xf32>
    %240 = stablehlo.reshape %239 : (tensor<4xf32>) -> tensor<1x4x1x1xf32>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %241 = stablehlo.reduce(%240 init: %cst_67) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x4x1x1xf32>, tensor<f32>) -> tensor<4xf32>
    %242 = stablehlo.broadcast_in_dim %241, dims = [0] : (tensor<4xf32>) -> tensor<4x1x1xf32>
    %243 = stablehlo.broadcast_in_dim %238, dims = [0, 2, 3, 4] : (tensor<4x4x4x4xf32>) -> tensor<4x1x4x4x4xf32>
    %244 = stablehlo.reshape %243 : (tensor<4x1x4x4x4xf32>) -> tensor<4x4x4x4xf32>
    %245 = stablehlo.convolution(%14, %244) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1], window = {stride = [1, 1], pad = [[1, 0], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x4x8x8xf32>, tensor<4x4x4x4xf32>) -> tensor<4x4x3x3xf32>
    %246 = stablehlo.reverse %arg2, dims = [2, 3] : tensor<4x4x3x3xf32>
    %247 = stablehlo.convolution(%244, %246) dim_numbers = [b, f, 0, 1]x[i, o, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 2], [1, 2]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x4x4x4xf32>, tensor<4x4x3x3xf32>) -> tensor<4x4x8x8xf32>
    %248 = stablehlo.reshape %247 : (tensor<4x4x8x8xf32>) -> tensor<4x1x4x8x8xf32>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %249 = stablehlo.reduce(%248 init: %cst_68) applies stablehlo.add across dimensions = [1] : (tensor<4x1x4x8x8xf32>, tensor<f32>) -> tensor<4x4x8x8xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %250 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<4x4x8x8xf32>
    %251 = stablehlo.select %10, %249, %250 : tensor<4x4x8x8xi1>, tensor<4x4x8x8xf32>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %252 = stablehlo.reduce(%251 init: %cst_70) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x4x8x8xf32>, tensor<f32>) -> tensor<4xf32>
    %253 = stablehlo.reshape %252 : (tensor<4xf32>) -> tensor<1x4x1x1xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %254 = stablehlo.reduce(%253 init: %cst_71) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x4x1x1xf32>, tensor<f32>) -> tensor<4xf32>
    %255 = stablehlo.broadcast_in_dim %254, dims = [0] : (tensor<4xf32>) -> tensor<4x1x1xf32>
    %256 = stablehlo.broadcast_in_dim %251, dims = [0, 2, 3, 4] : (tensor<4x4x8x8xf32>) -> tensor<4x1x4x8x8xf32>
    %257 = stablehlo.reshape %256 : (tensor<4x1x4x8x8xf32>) -> tensor<4x4x8x8xf32>
    %258 = stablehlo.convolution(%1, %257) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x1x8x8xf32>, tensor<4x4x8x8xf32>) -> tensor<4x1x3x3xf32>
    %cst_72 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %259 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %260 = stablehlo.multiply %259, %258 : tensor<4x1x3x3xf32>
    %cst_73 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %261 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %262 = stablehlo.multiply %261, %arg13 : tensor<4x1x3x3xf32>
    %263 = stablehlo.add %260, %262 : tensor<4x1x3x3xf32>
    %cst_74 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %264 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %265 = stablehlo.multiply %264, %255 : tensor<4x1x1xf32>
    %cst_75 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %266 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %267 = stablehlo.multiply %266, %arg14 : tensor<4x1x1xf32>
    %268 = stablehlo.add %265, %267 : tensor<4x1x1xf32>
    %cst_76 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %269 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<4x4x3x3xf32>
    %270 = stablehlo.multiply %269, %245 : tensor<4x4x3x3xf32>
    %cst_77 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %271 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<4x4x3x3xf32>
    %272 = stablehlo.multiply %271, %arg15 : tensor<4x4x3x3xf32>
    %273 = stablehlo.add %270, %272 : tensor<4x4x3x3xf32>
    %cst_78 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %274 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %275 = stablehlo.multiply %274, %242 : tensor<4x1x1xf32>
    %cst_79 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %276 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %277 = stablehlo.multiply %276, %arg16 : tensor<4x1x1xf32>
    %278 = stablehlo.add %275, %277 : tensor<4x1x1xf32>
    %cst_80 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %279 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %280 = stablehlo.multiply %279, %218 : tensor<64xf32>
    %cst_81 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %281 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %282 = stablehlo.multiply %281, %arg17 : tensor<64xf32>
    %283 = stablehlo.add %280, %282 : tensor<64xf32>
    %cst_82 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %284 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %285 = stablehlo.multiply %284, %212 : tensor<64xf32>
    %cst_83 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %286 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %287 = stablehlo.multiply %286, %arg18 : tensor<64xf32>
    %288 = stablehlo.add %285, %287 : tensor<64xf32>
    %cst_84 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %289 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %290 = stablehlo.multiply %289, %209 : tensor<32x64xf32>
    %cst_85 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %292 = stablehlo.multiply %291, %arg19 : tensor<32x64xf32>
    %293 = stablehlo.add %290, %292 : tensor<32x64xf32>
    %cst_86 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %294 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %295 = stablehlo.multiply %294, %206 : tensor<32xf32>
    %cst_87 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %296 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %297 = stablehlo.multiply %296, %arg20 : tensor<32xf32>
    %298 = stablehlo.add %295, %297 : tensor<32xf32>
    %cst_88 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %299 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %300 = stablehlo.multiply %299, %191 : tensor<32x32xf32>
    %cst_89 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %301 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %302 = stablehlo.multiply %301, %arg21 : tensor<32x32xf32>
    %303 = stablehlo.add %300, %302 : tensor<32x32xf32>
    %cst_90 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %304 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %305 = stablehlo.multiply %304, %188 : tensor<32xf32>
    %cst_91 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %306 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %307 = stablehlo.multiply %306, %arg22 : tensor<32xf32>
    %308 = stablehlo.add %305, %307 : tensor<32xf32>
    %cst_92 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %309 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<10x32xf32>
    %310 = stablehlo.multiply %309, %173 : tensor<10x32xf32>
    %cst_93 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %311 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<10x32xf32>
    %312 = stablehlo.multiply %311, %arg23 : tensor<10x32xf32>
    %313 = stablehlo.add %310, %312 : tensor<10x32xf32>
    %cst_94 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %314 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %315 = stablehlo.multiply %314, %170 : tensor<10xf32>
    %cst_95 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %316 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %317 = stablehlo.multiply %316, %arg24 : tensor<10xf32>
    %318 = stablehlo.add %315, %317 : tensor<10xf32>
    %319 = stablehlo.multiply %258, %258 : tensor<4x1x3x3xf32>
    %cst_96 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %320 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %321 = stablehlo.multiply %320, %319 : tensor<4x1x3x3xf32>
    %cst_97 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %322 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %323 = stablehlo.multiply %322, %arg25 : tensor<4x1x3x3xf32>
    %324 = stablehlo.add %321, %323 : tensor<4x1x3x3xf32>
    %325 = stablehlo.multiply %255, %255 : tensor<4x1x1xf32>
    %cst_98 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %326 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %327 = stablehlo.multiply %326, %325 : tensor<4x1x1xf32>
    %cst_99 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %328 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %329 = stablehlo.multiply %328, %arg26 : tensor<4x1x1xf32>
    %330 = stablehlo.add %327, %329 : tensor<4x1x1xf32>
    %331 = stablehlo.multiply %245, %245 : tensor<4x4x3x3xf32>
    %cst_100 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %332 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<4x4x3x3xf32>
    %333 = stablehlo.multiply %332, %331 : tensor<4x4x3x3xf32>
    %cst_101 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %334 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<4x4x3x3xf32>
    %335 = stablehlo.multiply %334, %arg27 : tensor<4x4x3x3xf32>
    %336 = stablehlo.add %333, %335 : tensor<4x4x3x3xf32>
    %337 = stablehlo.multiply %242, %242 : tensor<4x1x1xf32>
    %cst_102 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %339 = stablehlo.multiply %338, %337 : tensor<4x1x1xf32>
    %cst_103 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %340 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %341 = stablehlo.multiply %340, %arg28 : tensor<4x1x1xf32>
    %342 = stablehlo.add %339, %341 : tensor<4x1x1xf32>
    %343 = stablehlo.multiply %218, %218 : tensor<64xf32>
    %cst_104 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %344 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %345 = stablehlo.multiply %344, %343 : tensor<64xf32>
    %cst_105 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %346 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %347 = stablehlo.multiply %346, %arg29 : tensor<64xf32>
    %348 = stablehlo.add %345, %347 : tensor<64xf32>
    %349 = stablehlo.multiply %212, %212 : tensor<64xf32>
    %cst_106 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %350 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %351 = stablehlo.multiply %350, %349 : tensor<64xf32>
    %cst_107 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %352 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %353 = stablehlo.multiply %352, %arg30 : tensor<64xf32>
    %354 = stablehlo.add %351, %353 : tensor<64xf32>
    %355 = stablehlo.multiply %209, %209 : tensor<32x64xf32>
    %cst_108 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %356 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %357 = stablehlo.multiply %356, %355 : tensor<32x64xf32>
    %cst_109 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %358 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %359 = stablehlo.multiply %358, %arg31 : tensor<32x64xf32>
    %360 = stablehlo.add %357, %359 : tensor<32x64xf32>
    %361 = stablehlo.multiply %206, %206 : tensor<32xf32>
    %cst_110 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %362 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %363 = stablehlo.multiply %362, %361 : tensor<32xf32>
    %cst_111 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %364 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %365 = stablehlo.multiply %364, %arg32 : tensor<32xf32>
    %366 = stablehlo.add %363, %365 : tensor<32xf32>
    %367 = stablehlo.multiply %191, %191 : tensor<32x32xf32>
    %cst_112 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %368 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %369 = stablehlo.multiply %368, %367 : tensor<32x32xf32>
    %cst_113 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %370 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %371 = stablehlo.multiply %370, %arg33 : tensor<32x32xf32>
    %372 = stablehlo.add %369, %371 : tensor<32x32xf32>
    %373 = stablehlo.multiply %188, %188 : tensor<32xf32>
    %cst_114 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %374 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %375 = stablehlo.multiply %374, %373 : tensor<32xf32>
    %cst_115 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %376 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %377 = stablehlo.multiply %376, %arg34 : tensor<32xf32>
    %378 = stablehlo.add %375, %377 : tensor<32xf32>
    %379 = stablehlo.multiply %173, %173 : tensor<10x32xf32>
    %cst_116 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %380 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<10x32xf32>
    %381 = stablehlo.multiply %380, %379 : tensor<10x32xf32>
    %cst_117 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %382 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<10x32xf32>
    %383 = stablehlo.multiply %382, %arg35 : tensor<10x32xf32>
    %384 = stablehlo.add %381, %383 : tensor<10x32xf32>
    %385 = stablehlo.multiply %170, %170 : tensor<10xf32>
    %cst_118 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %386 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %387 = stablehlo.multiply %386, %385 : tensor<10xf32>
    %cst_119 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %388 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %389 = stablehlo.multiply %388, %arg36 : tensor<10xf32>
    %390 = stablehlo.add %387, %389 : tensor<10xf32>
    %c_120 = stablehlo.constant dense<2147483647> : tensor<i32>
    %391 = stablehlo.compare LT, %arg12, %c_120, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_121 = stablehlo.constant dense<1> : tensor<i32>
    %392 = stablehlo.add %arg12, %c_121 : tensor<i32>
    %c_122 = stablehlo.constant dense<2147483647> : tensor<i32>
    %393 = call @_where_6(%391, %392, %c_122) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %cst_123 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %394 = stablehlo.convert %393 : (tensor<i32>) -> tensor<f32>
    %395 = stablehlo.convert %393 : (tensor<i32>) -> tensor<f32>
    %396 = stablehlo.power %cst_123, %395 : tensor<f32>
    %cst_124 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %397 = stablehlo.subtract %cst_124, %396 : tensor<f32>
    %398 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %399 = stablehlo.divide %263, %398 : tensor<4x1x3x3xf32>
    %400 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %401 = stablehlo.divide %268, %400 : tensor<4x1x1xf32>
    %402 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<4x4x3x3xf32>
    %403 = stablehlo.divide %273, %402 : tensor<4x4x3x3xf32>
    %404 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %405 = stablehlo.divide %278, %404 : tensor<4x1x1xf32>
    %406 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %407 = stablehlo.divide %283, %406 : tensor<64xf32>
    %408 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %409 = stablehlo.divide %288, %408 : tensor<64xf32>
    %410 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %411 = stablehlo.divide %293, %410 : tensor<32x64xf32>
    %412 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %413 = stablehlo.divide %298, %412 : tensor<32xf32>
    %414 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %415 = stablehlo.divide %303, %414 : tensor<32x32xf32>
    %416 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %417 = stablehlo.divide %308, %416 : tensor<32xf32>
    %418 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<10x32xf32>
    %419 = stablehlo.divide %313, %418 : tensor<10x32xf32>
    %420 = stablehlo.broadcast_in_dim %397, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %421 = stablehlo.divide %318, %420 : tensor<10xf32>
    %cst_125 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %422 = stablehlo.convert %393 : (tensor<i32>) -> tensor<f32>
    %423 = stablehlo.convert %393 : (tensor<i32>) -> tensor<f32>
    %424 = stablehlo.power %cst_125, %423 : tensor<f32>
    %cst_126 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %425 = stablehlo.subtract %cst_126, %424 : tensor<f32>
    %426 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %427 = stablehlo.divide %324, %426 : tensor<4x1x3x3xf32>
    %428 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %429 = stablehlo.divide %330, %428 : tensor<4x1x1xf32>
    %430 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<4x4x3x3xf32>
    %431 = stablehlo.divide %336, %430 : tensor<4x4x3x3xf32>
    %432 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %433 = stablehlo.divide %342, %432 : tensor<4x1x1xf32>
    %434 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %435 = stablehlo.divide %348, %434 : tensor<64xf32>
    %436 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %437 = stablehlo.divide %354, %436 : tensor<64xf32>
    %438 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %439 = stablehlo.divide %360, %438 : tensor<32x64xf32>
    %440 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %441 = stablehlo.divide %366, %440 : tensor<32xf32>
    %442 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %443 = stablehlo.divide %372, %442 : tensor<32x32xf32>
    %444 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %445 = stablehlo.divide %378, %444 : tensor<32xf32>
    %446 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<10x32xf32>
    %447 = stablehlo.divide %384, %446 : tensor<10x32xf32>
    %448 = stablehlo.broadcast_in_dim %425, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %449 = stablehlo.divide %390, %448 : tensor<10xf32>
    %cst_127 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %450 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %451 = stablehlo.add %427, %450 : tensor<4x1x3x3xf32>
    %452 = stablehlo.sqrt %451 : tensor<4x1x3x3xf32>
    %cst_128 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %453 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %454 = stablehlo.add %452, %453 : tensor<4x1x3x3xf32>
    %455 = stablehlo.divide %399, %454 : tensor<4x1x3x3xf32>
    %cst_129 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %456 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %457 = stablehlo.add %429, %456 : tensor<4x1x1xf32>
    %458 = stablehlo.sqrt %457 : tensor<4x1x1xf32>
    %cst_130 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %459 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %460 = stablehlo.add %458, %459 : tensor<4x1x1xf32>
    %461 = stablehlo.divide %401, %460 : tensor<4x1x1xf32>
    %cst_131 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %462 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<4x4x3x3xf32>
    %463 = stablehlo.add %431, %462 : tensor<4x4x3x3xf32>
    %464 = stablehlo.sqrt %463 : tensor<4x4x3x3xf32>
    %cst_132 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %465 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<4x4x3x3xf32>
    %466 = stablehlo.add %464, %465 : tensor<4x4x3x3xf32>
    %467 = stablehlo.divide %403, %466 : tensor<4x4x3x3xf32>
    %cst_133 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %468 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %469 = stablehlo.add %433, %468 : tensor<4x1x1xf32>
    %470 = stablehlo.sqrt %469 : tensor<4x1x1xf32>
    %cst_134 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %471 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %472 = stablehlo.add %470, %471 : tensor<4x1x1xf32>
    %473 = stablehlo.divide %405, %472 : tensor<4x1x1xf32>
    %cst_135 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %474 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %475 = stablehlo.add %435, %474 : tensor<64xf32>
    %476 = stablehlo.sqrt %475 : tensor<64xf32>
    %cst_136 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %477 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %478 = stablehlo.add %476, %477 : tensor<64xf32>
    %479 = stablehlo.divide %407, %478 : tensor<64xf32>
    %cst_137 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %480 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %481 = stablehlo.add %437, %480 : tensor<64xf32>
    %482 = stablehlo.sqrt %481 : tensor<64xf32>
    %cst_138 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %483 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %484 = stablehlo.add %482, %483 : tensor<64xf32>
    %485 = stablehlo.divide %409, %484 : tensor<64xf32>
    %cst_139 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %486 = stablehlo.broadcast_in_dim %cst_139, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %487 = stablehlo.add %439, %486 : tensor<32x64xf32>
    %488 = stablehlo.sqrt %487 : tensor<32x64xf32>
    %cst_140 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %489 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %490 = stablehlo.add %488, %489 : tensor<32x64xf32>
    %491 = stablehlo.divide %411, %490 : tensor<32x64xf32>
    %cst_141 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %492 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %493 = stablehlo.add %441, %492 : tensor<32xf32>
    %494 = stablehlo.sqrt %493 : tensor<32xf32>
    %cst_142 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %495 = stablehlo.broadcast_in_dim %cst_142, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %496 = stablehlo.add %494, %495 : tensor<32xf32>
    %497 = stablehlo.divide %413, %496 : tensor<32xf32>
    %cst_143 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %498 = stablehlo.broadcast_in_dim %cst_143, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %499 = stablehlo.add %443, %498 : tensor<32x32xf32>
    %500 = stablehlo.sqrt %499 : tensor<32x32xf32>
    %cst_144 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %501 = stablehlo.broadcast_in_dim %cst_144, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %502 = stablehlo.add %500, %501 : tensor<32x32xf32>
    %503 = stablehlo.divide %415, %502 : tensor<32x32xf32>
    %cst_145 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %504 = stablehlo.broadcast_in_dim %cst_145, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %505 = stablehlo.add %445, %504 : tensor<32xf32>
    %506 = stablehlo.sqrt %505 : tensor<32xf32>
    %cst_146 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %507 = stablehlo.broadcast_in_dim %cst_146, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %508 = stablehlo.add %506, %507 : tensor<32xf32>
    %509 = stablehlo.divide %417, %508 : tensor<32xf32>
    %cst_147 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %510 = stablehlo.broadcast_in_dim %cst_147, dims = [] : (tensor<f32>) -> tensor<10x32xf32>
    %511 = stablehlo.add %447, %510 : tensor<10x32xf32>
    %512 = stablehlo.sqrt %511 : tensor<10x32xf32>
    %cst_148 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %513 = stablehlo.broadcast_in_dim %cst_148, dims = [] : (tensor<f32>) -> tensor<10x32xf32>
    %514 = stablehlo.add %512, %513 : tensor<10x32xf32>
    %515 = stablehlo.divide %419, %514 : tensor<10x32xf32>
    %cst_149 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %516 = stablehlo.broadcast_in_dim %cst_149, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %517 = stablehlo.add %449, %516 : tensor<10xf32>
    %518 = stablehlo.sqrt %517 : tensor<10xf32>
    %cst_150 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %519 = stablehlo.broadcast_in_dim %cst_150, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %520 = stablehlo.add %518, %519 : tensor<10xf32>
    %521 = stablehlo.divide %421, %520 : tensor<10xf32>
    %cst_151 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %522 = stablehlo.broadcast_in_dim %cst_151, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %523 = stablehlo.multiply %522, %455 : tensor<4x1x3x3xf32>
    %cst_152 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %524 = stablehlo.broadcast_in_dim %cst_152, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %525 = stablehlo.multiply %524, %461 : tensor<4x1x1xf32>
    %cst_153 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %526 = stablehlo.broadcast_in_dim %cst_153, dims = [] : (tensor<f32>) -> tensor<4x4x3x3xf32>
    %527 = stablehlo.multiply %526, %467 : tensor<4x4x3x3xf32>
    %cst_154 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %528 = stablehlo.broadcast_in_dim %cst_154, dims = [] : (tensor<f32>) -> tensor<4x1x1xf32>
    %529 = stablehlo.multiply %528, %473 : tensor<4x1x1xf32>
    %cst_155 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %530 = stablehlo.broadcast_in_dim %cst_155, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %531 = stablehlo.multiply %530, %479 : tensor<64xf32>
    %cst_156 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %532 = stablehlo.broadcast_in_dim %cst_156, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %533 = stablehlo.multiply %532, %485 : tensor<64xf32>
    %cst_157 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %534 = stablehlo.broadcast_in_dim %cst_157, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %535 = stablehlo.multiply %534, %491 : tensor<32x64xf32>
    %cst_158 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %536 = stablehlo.broadcast_in_dim %cst_158, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %537 = stablehlo.multiply %536, %497 : tensor<32xf32>
    %cst_159 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %538 = stablehlo.broadcast_in_dim %cst_159, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %539 = stablehlo.multiply %538, %503 : tensor<32x32xf32>
    %cst_160 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %540 = stablehlo.broadcast_in_dim %cst_160, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %541 = stablehlo.multiply %540, %509 : tensor<32xf32>
    %cst_161 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %542 = stablehlo.broadcast_in_dim %cst_161, dims = [] : (tensor<f32>) -> tensor<10x32xf32>
    %543 = stablehlo.multiply %542, %515 : tensor<10x32xf32>
    %cst_162 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %544 = stablehlo.broadcast_in_dim %cst_162, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %545 = stablehlo.multiply %544, %521 : tensor<10xf32>
    %546 = stablehlo.add %arg0, %523 : tensor<4x1x3x3xf32>
    %547 = stablehlo.add %arg1, %525 : tensor<4x1x1xf32>
    %548 = stablehlo.add %arg2, %527 : tensor<4x4x3x3xf32>
    %549 = stablehlo.add %arg3, %529 : tensor<4x1x1xf32>
    %550 = stablehlo.add %arg4, %531 : tensor<64xf32>
    %551 = stablehlo.add %arg5, %533 : tensor<64xf32>
    %552 = stablehlo.add %arg6, %535 : tensor<32x64xf32>
    %553 = stablehlo.add %arg7, %537 : tensor<32xf32>
    %554 = stablehlo.add %arg8, %539 : tensor<32x32xf32>
    %555 = stablehlo.add %arg9, %541 : tensor<32xf32>
    %556 = stablehlo.add %arg10, %543 : tensor<10x32xf32>
    %557 = stablehlo.add %arg11, %545 : tensor<10xf32>
    return %546, %547, %548, %549, %550, %551, %552, %553, %554, %555, %556, %557, %393, %263, %268, %273, %278, %283, %288, %293, %298, %303, %308, %313, %318, %324, %330, %336, %342, %348, %354, %360, %366, %372, %378, %384, %390, %153 : tensor<4x1x3x3xf32>, tensor<4x1x1xf32>, tensor<4x4x3x3xf32>, tensor<4x1x1xf32>, tensor<64xf32>, tensor<64xf32>, tensor<32x64xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<10x32xf32>, tensor<10xf32>, tensor<i32>, tensor<4x1x3x3xf32>, tensor<4x1x1xf32>, tensor<4x4x3x3xf32>, tensor<4x1x1xf32>, tensor<64xf32>, tensor<64xf32>, tensor<32x64xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<10x32xf32>, tensor<10xf32>, tensor<4x1x3x3xf32>, tensor<4x1x1xf32>, tensor<4x4x3x3xf32>, tensor<4x1x1xf32>, tensor<64xf32>, tensor<64xf32>, tensor<32x64xf32>, tensor<32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<10x32xf32>, tensor<10xf32>, tensor<f32>
  }
  func.func private @relu(%arg0: tensor<4x4x8x8xf32>) -> tensor<4x4x8x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4x8x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x4x8x8xf32>
    return %1 : tensor<4x4x8x8xf32>
  }
  func.func private @relu_0(%arg0: tensor<4x4x4x4xf32>) -> tensor<4x4x4x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4x4x4xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x4x4x4xf32>
    return %1 : tensor<4x4x4x4xf32>
  }
  func.func private @_var(%arg0: tensor<4x64xf32>, %arg1: tensor<i32>) -> (tensor<4x1xf32>, tensor<4x64xf32>, tensor<f32>, tensor<i1>, tensor<4x1xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x64xf32>, tensor<f32>) -> tensor<4xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %cst_0 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x64xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x64xf32>
    %6 = chlo.square %5 : tensor<4x64xf32> -> tensor<4x64xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x64xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<4x64xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<4x64xf32>, tensor<f32>) -> tensor<4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<4x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16:2 = call @_where(%15, %14, %cst_5) : (tensor<i1>, tensor<4x1xf32>, tensor<f32>) -> (tensor<4x1xf32>, tensor<4x1xf32>)
    return %16#0, %8, %10, %15, %16#1 : tensor<4x1xf32>, tensor<4x64xf32>, tensor<f32>, tensor<i1>, tensor<4x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<4x1xf32>, %arg2: tensor<f32>) -> (tensor<4x1xf32>, tensor<4x1xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<1xf32>) -> tensor<4x1xf32>
    %3 = stablehlo.select %arg0, %arg1, %2 : tensor<i1>, tensor<4x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    return %3, %4 : tensor<4x1xf32>, tensor<4x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<4x10xf32>, %arg1: tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4x1xi1>, tensor<4x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<4x1xi32>) -> tensor<4x1x1xi32>
    %c_1 = stablehlo.constant dense<9> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<4x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<4x1x1xi1>, tensor<i1>) -> tensor<4x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x1x1xi32>) -> tensor<4x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<4x1xi1>, tensor<4x1xf32>
    return %15, %5 : tensor<4x1xf32>, tensor<4x1x1xi32>
  }
  func.func private @_take(%arg0: tensor<4x1xf32>, %arg1: tensor<i32>) -> (tensor<4xf32>, tensor<1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i32>
    %2 = call @_where_1(%0, %1, %arg1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
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
    %10 = "stablehlo.gather"(%arg0, %4) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1]>, indices_are_sorted = false, slice_sizes = array<i64: 4, 1>}> : (tensor<4x1xf32>, tensor<1xi32>) -> tensor<4xf32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<4xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %13 = stablehlo.select %11, %10, %12 : tensor<4xi1>, tensor<4xf32>
    return %13, %3 : tensor<4xf32>, tensor<1xi32>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_take_2(%arg0: tensor<1xi32>, %arg1: tensor<4xf32>) -> tensor<4x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<4x1xf32>, tensor<1xi32>, tensor<4xf32>) -> tensor<4x1xf32>
    return %1 : tensor<4x1xf32>
  }
  func.func private @take_along_axis_3(%arg0: tensor<4x1x1xi32>, %arg1: tensor<4x1xf32>) -> tensor<4x10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x10xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<4x10xf32>, tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    return %1 : tensor<4x10xf32>
  }
  func.func private @_var_4(%arg0: tensor<4x64xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<4x1xf32>, %arg4: tensor<4x1xf32>) -> tensor<4x64xf32> {
    %0 = call @_where_5(%arg2, %arg3, %arg4) : (tensor<i1>, tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %2 = stablehlo.divide %0, %1 : tensor<4x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<4xf32>) -> tensor<4x64xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<4x64xf32>
    %6 = stablehlo.negate %5 : tensor<4x64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<4x64xf32>, tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.reshape %7 : (tensor<4xf32>) -> tensor<4x1xf32>
    %cst_1 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<4x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<4xf32>) -> tensor<4x64xf32>
    %13 = stablehlo.add %5, %12 : tensor<4x64xf32>
    return %13 : tensor<4x64xf32>
  }
  func.func private @_where_5(%arg0: tensor<i1>, %arg1: tensor<4x1xf32>, %arg2: tensor<4x1xf32>) -> tensor<4x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<i1>, tensor<4x1xf32>
    return %1 : tensor<4x1xf32>
  }
  func.func private @_where_6(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
